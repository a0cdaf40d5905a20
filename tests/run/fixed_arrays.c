/* fixed_arrays.c — fixed-size arrays: a global `float g[64][64]`, a global
 * lookup table `int lut[16]` read through a computed index, a static local
 * array and an automatic local array of main, all used by kernels.  Proves
 * their extents come from the types and host and device copies agree. */
#include <stdio.h>

#define N 64

float g[N][N];
int lut[16] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3};

int main(void) {
  static float acc[N][N];
  float row[N];
  for (int i = 0; i < N; i++)
    row[i] = (float)(i % 8) - 3.5f;

#pragma nu work(8, 8)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      g[i][j] = row[j] * (float)lut[(i + j) & 15];

#pragma nu work(16, 4)
  for (int i = 1; i < N - 1; i++)
    for (int j = 0; j < N; j++)
      acc[i][j] = g[i - 1][j] + g[i + 1][j] + (float)lut[i % 16];

  /* Host update in between: row changes, the kernel must see it. */
  for (int i = 0; i < N; i++)
    row[i] = row[i] * 2.0f;

#pragma nu work(64)
  for (int j = 0; j < N; j++)
    acc[0][j] = row[j] + g[0][j];

  double sg = 0.0, sa = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      sg += g[i][j] * (i + 1);
      sa += acc[i][j] * (j + 1);
    }
  printf("g %.6e acc %.6e\n", sg, sa);
  printf("g[5][7]=%g acc[0][3]=%g acc[10][20]=%g acc[N-1][0]=%g\n", g[5][7], acc[0][3], acc[10][20],
         acc[N - 1][0]);
  return 0;
}
