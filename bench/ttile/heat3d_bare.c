/* heat3d_bare.c — PolyBench's heat-3d with constant extents (N^3, TS
 * steps), a bare `work` on its time loop; bare3d_prepare.sh also makes the
 * version with a bare `work` on each sweep instead (the steps, a kernel per
 * sweep).  Prints a checksum; NU_PROFILE=1 gives the kernels' time. */
#include <stdio.h>
#ifndef N
#define N 200
#endif
#ifndef TS
#define TS 100
#endif
static double A[N][N][N], B[N][N][N];
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        A[i][j][k] = B[i][j][k] = (double)((i + j * 2 + k * 3) % 10);
#pragma nu work
  for (int t = 1; t <= TS; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        for (int k = 1; k < N - 1; k++)
          B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k]) +
                       0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k]) +
                       0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1]) + A[i][j][k];
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        for (int k = 1; k < N - 1; k++)
          A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k]) +
                       0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k]) +
                       0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1]) + B[i][j][k];
  }
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        s += A[i][j][k];
  printf("%.10e\n", s);
  return 0;
}
