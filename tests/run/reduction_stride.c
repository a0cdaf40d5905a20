/* reduction_stride.c — stride(s) on reductions: each work-item combines s
 * iterations of the outermost mapped loop (the grid-stride loop), where
 * nurt would choose.  Strides that divide the trip count and that do not,
 * of 1 (one iteration each), larger than the loop (one work-item row), on
 * 1-D, 2-D and 3-D nests, with dmine's remainders (each kernel of the nest
 * strides), under a time loop whose value is dropped unread (the partials
 * left to the host), and integer min/max, whose order cannot hide a lost
 * or doubled iteration. */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 10007;
  double *a = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++)
    a[i] = (double)((i * 37) % 101) / 16.0;
  double s1 = 0, s7 = 0, sbig = 0;
#pragma nu work(64) stride(1)
  for (int i = 0; i < n; i++)
    s1 += a[i];
#pragma nu work(64) stride(7)
  for (int i = 0; i < n; i++)
    s7 += a[i] * a[i];
#pragma nu work(32) stride(4096)
  for (int i = 0; i < n; i++)
    sbig += a[i] - 1.0;
  printf("1-D: %.6f %.6f %.6f\n", s1, s7, sbig);

  int nx = 45, ny = 33, nz = 70;
  int(*g)[ny][nz] = malloc(sizeof(int) * nx * ny * nz);
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++)
      for (int k = 0; k < nz; k++)
        g[i][j][k] = (i * 7 + j * 13 + k * 3) % 1009 - 500;
  for (int s = 1; s <= 64; s *= 4) {
    long sum = 0;
    int lo = 1 << 30, hi = -(1 << 30);
    switch (s) {
    case 1:
#pragma nu work(2, 4, 16) stride(1)
      for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++)
          for (int k = 0; k < nz; k++) {
            sum += g[i][j][k] * (i + 1);
            lo = g[i][j][k] < lo ? g[i][j][k] : lo;
            hi = g[i][j][k] > hi ? g[i][j][k] : hi;
          }
      break;
    case 4:
#pragma nu work(2, 4, 16) stride(3) dmine(1, 2, 1)
      for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++)
          for (int k = 0; k < nz; k++) {
            sum += g[i][j][k] * (i + 1);
            lo = g[i][j][k] < lo ? g[i][j][k] : lo;
            hi = g[i][j][k] > hi ? g[i][j][k] : hi;
          }
      break;
    case 16:
#pragma nu work(4, 32) stride(16)
      for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny * nz; j++) {
          int v = g[i][j / nz][j % nz];
          sum += v * (i + 1);
          lo = v < lo ? v : lo;
          hi = v > hi ? v : hi;
        }
      break;
    default:
#pragma nu work(1, 2, 32) stride(100)
      for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++)
          for (int k = 0; k < nz; k++) {
            sum += g[i][j][k] * (i + 1);
            lo = g[i][j][k] < lo ? g[i][j][k] : lo;
            hi = g[i][j][k] > hi ? g[i][j][k] : hi;
          }
    }
    printf("case %d: sum %ld min %d max %d\n", s, sum, lo, hi);
  }

  /* a residual summed every step and read at the end: dropped unread */
  double gosa = 0;
  float(*p)[ny][nz] = malloc(sizeof(float) * nx * ny * nz);
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++)
      for (int k = 0; k < nz; k++)
        p[i][j][k] = (float)((i + j * 2 + k) % 9) / 8.0f;
  for (int step = 0; step < 5; step++) {
    gosa = 0.0;
#pragma nu work(1, 4, 32) stride(2) dmine(1, 1, 2)
    for (int i = 1; i < nx - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        for (int k = 1; k < nz - 1; k++) {
          float d = p[i + 1][j][k] + p[i - 1][j][k] - 2.0f * p[i][j][k];
          gosa += (double)(d * d);
        }
#pragma nu work(1, 4, 32)
    for (int i = 0; i < nx; i++)
      for (int j = 0; j < ny; j++)
        for (int k = 0; k < nz; k++)
          p[i][j][k] = p[i][j][k] * 0.75f + 0.125f;
  }
  printf("gosa %.6e\n", gosa);
  free(a), free(g), free(p);
  return 0;
}
