/* long_stream.c — a 1-D loop long enough (over 2^22 iterations) that the
 * host launches a quarter of the work-items and each runs several
 * iterations in the kernel's grid-stride loop: every iteration must still run
 * once, a `continue` must end only its own iteration, and a temporary the
 * host reads after the nest must hold the last iteration's value. */
#include <stdio.h>
#include <stdlib.h>

float last;

int main(void) {
  int n = (1 << 22) + 37, i;
  float *x = malloc(sizeof(float) * (size_t)n), *y = malloc(sizeof(float) * (size_t)n);
  float t;
  if (!x || !y)
    return 2;
  for (i = 0; i < n; i++) {
    x[i] = (float)(i % 1000) * 0.5f;
    y[i] = (float)(i % 7);
  }
#pragma nu work(256)
  for (i = 0; i < n; i++) {
    t = 2.0f * x[i] + y[i];
    if (i % 5 == 3)
      continue;
    y[i] = t;
  }
  last = t;
  double s = 0.0;
  for (i = 0; i < n; i++)
    s += (double)y[i] * (i % 3 + 1);
  printf("%.1f %.1f\n", s, last);
  free(x);
  free(y);
  return 0;
}
