/* lu.c — LU factorisation in place without pivoting (Doolittle,
 * right-looking), of a diagonally dominant matrix.
 * Legacy constructs: fixed-size array parameter double A[N][N], C89
 * declarations, kernels whose bounds start at k+1 inside the sequential k
 * loop, a 2-D kernel with the chain work(8,8) dmine(1,2). */
#include <math.h>
#include <stdio.h>

#define N 41

static double A[N][N];

void kernel_lu(int n, double A[N][N]) {
  int i, j, k;

  for (k = 0; k < n; k++) {
#pragma nu work(32)
    /* Column k below the diagonal: writes A[i][k], i > k; reads A[k][k]. */
    for (i = k + 1; i < n; i++)
      A[i][k] /= A[k][k];
#pragma nu work(8, 8) dmine(1, 2)
    /* Trailing block: writes A[i][j], i, j > k; reads row k and column k. */
    for (i = k + 1; i < n; i++)
      for (j = k + 1; j < n; j++)
        A[i][j] -= A[i][k] * A[k][j];
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
    for (j = 0; j < N; j++)
      A[i][j] = i == j ? 2.0 * N : (double)((i * 3 + j * 7) % 11) / 11.0;
  kernel_lu(N, A);
  checksum("LU", &A[0][0], N * N);
  printf("U[N-1][N-1] %.6g\n", A[N - 1][N - 1]);
  return 0;
}
