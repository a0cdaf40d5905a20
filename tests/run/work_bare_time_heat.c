/* work_bare_time_heat.c — a bare `work` on the time loop of heat 3-D:
 * two 3-D stencils in its body, each of three loops (each nest gets its
 * own bare `work`, which maps three loops), and a time loop that counts
 * by two.  t stays on the host. */
#include <stdio.h>

#define N 13
#define TSTEPS 9

static double A[N][N][N], B[N][N][N];

static void heat(int tsteps, int n, double (*A)[n][n], double (*B)[n][n]) {
#pragma nu work
  for (int t = 1; t <= tsteps; t += 2) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k]) +
                       0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k]) +
                       0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1]) + A[i][j][k];
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k]) +
                       0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k]) +
                       0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1]) + B[i][j][k];
  }
}

static double checksum(double (*a)[N][N]) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        s += a[i][j][k] * (double)((i + 2 * j + 3 * k) % 7 + 1);
  return s;
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        A[i][j][k] = B[i][j][k] = (double)(i + j + (N - k)) * 10 / N;
  heat(TSTEPS, N, A, B);
  printf("A %.8g\nB %.8g\n", checksum(A), checksum(B));
  return 0;
}
