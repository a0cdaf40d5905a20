/* overlapping_arrays.c — kernels whose array parameters are `restrict`
 * (NU_RESTRICT) launched with arrays that overlap: nurt sees the shared
 * entry at the launch and runs the variant built without restrict.  The
 * launches alternate between overlapping and separate arrays on one kernel,
 * and two read-only parameters may share an array freely. */
#include <stdio.h>
#include <stdlib.h>
static void step(float *y, const float *x, const float *w, int n) {
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    y[i] = x[i] * 0.5f + w[i];
}
int main(void) {
  int n = 3001;
  float *a = malloc(sizeof(float) * n), *b = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++) {
    a[i] = (float)(i % 13);
    b[i] = (float)(i % 7);
  }
  for (int t = 0; t < 6; t++) {
    if (t % 2)
      step(a, a, b, n); /* y and x the same array */
    else
      step(b, a, a, n); /* x and w the same, read only */
  }
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * (i % 5 + 1) + b[i];
  printf("s=%.4f a[7]=%g b[7]=%g\n", s, a[7], b[7]);
  free(a);
  free(b);
  return 0;
}
