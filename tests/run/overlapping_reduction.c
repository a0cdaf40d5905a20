/* overlapping_reduction.c — a kernel with a reduction (so a __local
 * argument for its work-group sums) launched with overlapping arrays: the
 * variant built without restrict must get every argument, the __local one
 * included (it did not: CL_INVALID_KERNEL_ARGS at the first overlapping
 * launch).  Launches alternate between overlapping and separate arrays. */
#include <stdio.h>
#include <stdlib.h>
static double step(float *y, const float *x, int n) {
  double s = 0;
#pragma nu work(64)
  for (int i = 0; i < n; i++) {
    y[i] = x[i] * 0.5f + 1.0f;
    s += x[i];
  }
  return s;
}
int main(void) {
  int n = 3001;
  float *a = malloc(sizeof(float) * n), *b = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++) {
    a[i] = (float)(i % 13);
    b[i] = (float)(i % 7);
  }
  double t = 0;
  for (int k = 0; k < 4; k++)
    t += k % 2 ? step(a, a, n) /* y and x the same array */ : step(b, a, n);
  printf("t=%.4f a[7]=%g b[7]=%g\n", t, a[7], b[7]);
  free(a);
  free(b);
  return 0;
}
