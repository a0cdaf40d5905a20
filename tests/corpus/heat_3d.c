/* heat_3d.c — explicit 3-D heat equation, ping-pong between A and B.
 * Legacy constructs: 3-D fixed-size array parameters (double A[N][N][N]),
 * C89 declarations, a time loop around two 3-D kernels work(4,4,8) on
 * the interior (bounds 1 .. n-2). */
#include <math.h>
#include <stdio.h>

#define N 14
#define TSTEPS 6

static double A[N][N][N], B[N][N][N];

void kernel_heat_3d(int tsteps, int n, double A[N][N][N], double B[N][N][N]) {
  int t, i, j, k;

  for (t = 0; t < tsteps; t++) {
#pragma nu work(4, 4, 8)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        for (k = 1; k < n - 1; k++)
          B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k]) +
                       0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k]) +
                       0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1]) + A[i][j][k];
#pragma nu work(4, 4, 8)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        for (k = 1; k < n - 1; k++)
          A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k]) +
                       0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k]) +
                       0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1]) + B[i][j][k];
  }
}

static void checksum(const char *name, const double *p, int count) {
  double s = 0.0, w = 0.0;
  int k;
  for (k = 0; k < count; k++) {
    s += p[k];
    w += fabs(p[k]) * (double)(k % 7 + 1);
  }
  printf("%s %.6g %.6g %.6g\n", name, s, w, p[count / 3]);
}

int main(void) {
  int i, j, k;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      for (k = 0; k < N; k++)
        A[i][j][k] = B[i][j][k] = (double)((i * j + k * k + 3 * i) % 11) * 10.0 / N;
  kernel_heat_3d(TSTEPS, N, A, B);
  checksum("A", &A[0][0][0], N * N * N);
  checksum("B", &B[0][0][0], N * N * N);
  return 0;
}
