/* symm.c — C = alpha*A*B + beta*C with A symmetric, only its lower triangle
 * stored (the upper one holds garbage that must not be read).
 * Legacy constructs: fixed-size array parameters, a C89 temporary written
 * then read in each (i, j), two triangular inner loops (k < i, k >= i). */
#include <math.h>
#include <stdio.h>

#define M 27
#define N 35

static double A[M][M], B[M][N], C[M][N];

void kernel_symm(int m, int n, double alpha, double beta, double C[M][N], double A[M][M],
                 double B[M][N]) {
  int i, j, k;
  double temp;

#pragma nu work(16, 16)
  /* C[i][j] is written by one (i, j) only; A and B are read. */
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      temp = 0.0;
      for (k = 0; k < i; k++)
        temp += A[i][k] * B[k][j];
      for (k = i; k < m; k++)
        temp += A[k][i] * B[k][j];
      C[i][j] = beta * C[i][j] + alpha * temp;
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
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++) {
      C[i][j] = (double)((i + j) % 100) / M;
      B[i][j] = (double)((N + i - j) % 100) / M;
    }
  for (i = 0; i < M; i++)
    for (j = 0; j < M; j++)
      A[i][j] = j <= i ? (double)((i + j) % 100) / M : -999.0;
  kernel_symm(M, N, 1.5, 1.2, C, A, B);
  checksum("C", &C[0][0], M * N);
  return 0;
}
