/* A reduction kernel whose launches alternate between split (separate
 * arrays) and one device (y and x the same array: the variant without
 * restrict runs on device 0): the blocks given to device 1 for a launch
 * that then ran on one device must not be folded into the result. */
// multi-split: 13
// multi-one: 13 two of its arguments share an array
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
  int n = 30001;
  float *a = malloc(sizeof(float) * n), *b = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++) {
    a[i] = (float)(i % 13);
    b[i] = (float)(i % 7);
  }
  double t = 0;
  for (int k = 0; k < 6; k++)
    t += k % 2 ? step(a, a, n) : step(b, a, n);
  printf("t=%.4f a[7]=%g b[7]=%g a[n-1]=%g\n", t, a[7], b[7], a[n - 1]);
  free(a);
  free(b);
  return 0;
}
