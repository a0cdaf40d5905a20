/* cholesky.c — A = L*L' in place (lower triangle), right-looking: for each
 * column k, scale the column below the diagonal, then update the trailing
 * lower triangle.
 * Legacy constructs: C99 VLA parameter double A[n][n], C89 declarations,
 * kernels whose bounds start at k+1 inside a sequential k loop, a
 * triangle (j <= i) mapped with i. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void kernel_cholesky(int n, double A[n][n]) {
  int i, j, k;

  for (k = 0; k < n; k++) {
    A[k][k] = sqrt(A[k][k]);
#pragma nu work(32)
    /* Writes A[i][k], i > k; reads A[k][k]. */
    for (i = k + 1; i < n; i++)
      A[i][k] = A[i][k] / A[k][k];
#pragma nu work(16, 16)
    /* Writes A[i][j] with j > k, a triangle; reads column k only. */
    for (i = k + 1; i < n; i++)
      for (j = k + 1; j <= i; j++)
        A[i][j] = A[i][j] - A[i][k] * A[j][k];
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
  int n = 43;
  int i, j;
  double(*A)[n] = malloc(sizeof(double) * n * n);
  /* Symmetric and diagonally dominant: positive definite. */
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = i == j ? (double)n : 1.0 / (1.0 + abs(i - j));
  kernel_cholesky(n, A);
  for (i = 0; i < n; i++)
    for (j = i + 1; j < n; j++)
      A[i][j] = 0.0;
  checksum("L", &A[0][0], n * n);
  printf("L[n-1][n-1] %.6g\n", A[n - 1][n - 1]);
  free(A);
  return 0;
}
