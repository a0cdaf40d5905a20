/* stride_ndrange.c — stride(s) sets how many iterations of the outermost
 * mapped loop each work-item of a reduction combines, so the NDRange's
 * outermost side is the trip count over s, rounded up to the work-group's
 * side there: 10,007 / 7 → 1,430 → 1,472 (groups of 64); 45 / 3 → 15 → 16
 * (groups of 2), also in dmine's remainder kernel; 43 / 2 → 22.  Without
 * stride, nurt strides over 32 iterations on PoCL (45 / 32 → 2).  The run
 * of every stride each way (odd trip counts, strides past the loop, every
 * kernel of a split nest): run.reduction_stride.
// profile: ^nu_main_[0-9]+ +.*stride_ndrange.c:24 +1 .* 1472 +64$
// profile: ^nu_main_[0-9]+ +.*stride_ndrange.c:32 +1 .* 80x16x16 +16x4x2$
// profile: ^nu_main_[0-9]+_2 +.*stride_ndrange.c:32 +1 .* 80x4x16 +16x4x2$
// profile: ^nu_main_[0-9]+ +.*stride_ndrange.c:37 +1 .* 80x36x2 +16x4x2$
// profile: ^nu_main_[0-9]+ +.*stride_ndrange.c:42 +1 .* 96x32x22 +32x2x1$
 */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 10007, nx = 45, ny = 33, nz = 70;
  double *a = malloc(sizeof(double) * n), s = 0, t = 0, u = 0, v = 0;
  for (int i = 0; i < n; i++)
    a[i] = (double)((i * 37) % 101) / 16.0;
#pragma nu work(64) stride(7)
  for (int i = 0; i < n; i++)
    s += a[i] * a[i];
  float(*g)[ny][nz] = malloc(sizeof(float) * nx * ny * nz);
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++)
      for (int k = 0; k < nz; k++)
        g[i][j][k] = (float)((i * 7 + j * 13 + k * 3) % 1009 - 500) / 64.0f;
#pragma nu work(2, 4, 16) stride(3) dmine(1, 2, 1)
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++)
      for (int k = 0; k < nz; k++)
        t += g[i][j][k] * (i + 1);
#pragma nu work(2, 4, 16)
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++)
      for (int k = 0; k < nz; k++)
        u += g[i][j][k];
#pragma nu work(1, 2, 32) stride(2)
  for (int i = 1; i < nx - 1; i++)
    for (int j = 1; j < ny - 1; j++)
      for (int k = 1; k < nz - 1; k++)
        v += g[i + 1][j][k] - g[i - 1][j][k];
  printf("%.6f %.4f %.4f %.4f\n", s, t, u, v);
  free(a), free(g);
  return 0;
}
