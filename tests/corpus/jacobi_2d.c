/* jacobi_2d.c — 5-point Jacobi smoothing in 2-D, ping-pong between A and B.
 * Legacy constructs: fixed-size array parameters, C89 declarations, a time
 * loop around two 2-D kernels on the interior, the second with the chain
 * work(4,4) tilem(4,4) (full tiles as one kernel, partial ones as others). */
#include <math.h>
#include <stdio.h>

#define N 34
#define TSTEPS 7

static double A[N][N], B[N][N];

void kernel_jacobi_2d(int tsteps, int n, double A[N][N], double B[N][N]) {
  int t, i, j;

  for (t = 0; t < tsteps; t++) {
#pragma nu work(16, 16)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] + A[i - 1][j]);
#pragma nu work(4, 4) tilem(4, 4)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] + B[i - 1][j]);
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
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      A[i][j] = ((double)i * (j + 2) + 2) / N;
      B[i][j] = ((double)i * (j + 3) + 3) / N;
    }
  kernel_jacobi_2d(TSTEPS, N, A, B);
  checksum("A", &A[0][0], N * N);
  checksum("B", &B[0][0], N * N);
  return 0;
}
