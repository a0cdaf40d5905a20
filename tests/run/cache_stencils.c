/* cache_stencils.c — cache(a) stages the block a work-group reads, with
 * its halo, in __local memory: a 1-D three-point stencil, a 2-D five-point
 * stencil whose sizes divide by no work-group size, and a 3-D seven-point
 * stencil with a halo on one side only.  Results match the sequential run. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 1001, h = 37, w = 53, nx = 11, ny = 9, nz = 13;
  float *a = malloc(sizeof(float) * (size_t)n), *b = malloc(sizeof(float) * (size_t)n);
  for (int i = 0; i < n; i++)
    a[i] = (float)((i * 37) % 101) / 10.0f;
#pragma nu work(64) cache(a)
  for (int i = 1; i < n - 1; i++)
    b[i] = 0.25f * a[i - 1] + 0.5f * a[i] + 0.25f * a[i + 1];
  double s1 = 0;
  for (int i = 1; i < n - 1; i++)
    s1 += b[i] * (i % 7);
  printf("1-D: %.6e\n", s1);

  float(*p)[w] = malloc(sizeof(float[h][w])), (*q)[w] = malloc(sizeof(float[h][w]));
  for (int i = 0; i < h; i++)
    for (int j = 0; j < w; j++)
      p[i][j] = (float)((i * 13 + j * 7) % 17);
#pragma nu work(8, 16) cache(p)
  for (int i = 1; i < h - 1; i++)
    for (int j = 1; j < w - 1; j++)
      q[i][j] = p[i][j] * 4.0f - p[i - 1][j] - p[i + 1][j] - p[i][j - 1] - p[i][j + 1];
  double s2 = 0;
  for (int i = 1; i < h - 1; i++)
    for (int j = 1; j < w - 1; j++)
      s2 += q[i][j] * ((i + 2 * j) % 5);
  printf("2-D: %.6e\n", s2);

  float(*f)[ny][nz] = malloc(sizeof(float[nx][ny][nz]));
  float(*g)[ny][nz] = malloc(sizeof(float[nx][ny][nz]));
  for (int x = 0; x < nx; x++)
    for (int y = 0; y < ny; y++)
      for (int z = 0; z < nz; z++)
        f[x][y][z] = (float)((x * 5 + y * 3 + z) % 11);
#pragma nu work(2, 4, 8) cache(f)
  for (int x = 0; x < nx - 1; x++)
    for (int y = 1; y < ny - 1; y++)
      for (int z = 1; z < nz - 1; z++)
        g[x][y][z] = f[x][y][z] + f[x + 1][y][z] + f[x][y - 1][z] + f[x][y + 1][z] +
                     f[x][y][z - 1] + f[x][y][z + 1];
  double s3 = 0;
  for (int x = 0; x < nx - 1; x++)
    for (int y = 1; y < ny - 1; y++)
      for (int z = 1; z < nz - 1; z++)
        s3 += g[x][y][z] * ((x + y + z) % 3);
  printf("3-D: %.6e\n", s3);
  free(a);
  free(b);
  free(p);
  free(q);
  free(f);
  free(g);
  return 0;
}
