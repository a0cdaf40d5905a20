/* reduction_steps.c — reductions finished on the device by the last
 * work-group: a time loop with a reduction each step (the counter of
 * finished groups must be back at 0 for every launch), trip counts that
 * change between launches (the partials' scratch grows, and one group
 * alone is its own last group), a 3-D nest, a product and a min, and
 * work-groups of 8 (fewer work-items than the final fold's 32). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 50000;
  double *a = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++)
    a[i] = (double)((i * 13) % 17) / 8.0;
  double trace = 0;
  for (int step = 0; step < 20; step++) {
    int m = step == 0 ? 7 : n - step * 997; /* 1 group, then many */
    double s = 0;
    float lo = 1e30f;
#pragma nu work(128)
    for (int i = 0; i < m; i++) {
      s += a[i];
      lo = fminf(lo, (float)a[i] - step);
    }
    trace = trace * 0.5 + s + lo;
#pragma nu work(256)
    for (int i = 0; i < n; i++)
      a[i] = a[i] * 0.999 + 0.001;
  }
  printf("trace=%.6f\n", trace);
  int nx = 37, ny = 41, nz = 129;
  float(*g)[ny][nz] = malloc(sizeof(float) * nx * ny * nz);
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++)
      for (int k = 0; k < nz; k++)
        g[i][j][k] = (float)((i + 2 * j + 3 * k) % 11) - 5.0f;
  double gosa = 0;
  long prod = 1;
#pragma nu work(2, 4, 32)
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++)
      for (int k = 0; k < nz; k++) {
        gosa += g[i][j][k] * g[i][j][k];
        if (i == j && i % 8 == 0 && k % 40 == 1) /* 3^20: no overflow */
          prod *= 3;
      }
  printf("gosa=%.3f prod=%ld\n", gosa, prod);
  /* groups smaller than the 32 work-items of the final fold */
  int all = 1;
  unsigned bits = 0;
#pragma nu work(8)
  for (int i = 0; i < 1000; i++) {
    all = all && a[i] > 0;
    bits ^= (unsigned)(a[i] * 64) << (i % 7);
  }
  printf("all=%d bits=%u\n", all, bits);
  free(a);
  free(g);
  return 0;
}
