/* trmm.c — B = alpha*A'*B with A unit lower triangular, in place.
 * Legacy constructs: fixed-size array parameters, C89 declarations, an
 * in-place update where row i reads the rows below it (k > i), which later
 * iterations of i overwrite: with those reads made of a copy taken before
 * the nest (`snapshot(B)`), the rows i are independent too, and the nest
 * maps both i and j. */
#include <math.h>
#include <stdio.h>

#define M 29
#define N 34

static double A[M][M], B[M][N];

void kernel_trmm(int m, int n, double alpha, double A[M][M], double B[M][N]) {
  int i, j, k;

#pragma nu work(16, 16) permut(2, 1) snapshot(B)
  /* B[k][j] (k > i) still holds its value from before the nest when row i
   * reads it. */
  for (j = 0; j < n; j++)
    for (i = 0; i < m; i++) {
      for (k = i + 1; k < m; k++)
        B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
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
  for (i = 0; i < M; i++) {
    for (j = 0; j < i; j++)
      A[i][j] = (double)((i + j) % M) / M;
    A[i][i] = 1.0;
    for (j = i + 1; j < M; j++)
      A[i][j] = -777.0;
    for (j = 0; j < N; j++)
      B[i][j] = (double)((N + (i - j)) % N) / N;
  }
  kernel_trmm(M, N, 1.5, A, B);
  checksum("B", &B[0][0], M * N);
  return 0;
}
