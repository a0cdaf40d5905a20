/* gramschmidt.c — QR factorisation by modified Gram-Schmidt: A (m x n)
 * becomes Q*R, A overwritten.
 * Legacy constructs: C99 VLA parameters (A[m][n], R[n][n], Q[m][n]), a C89
 * scalar reduction (nrm) in a kernel inside the sequential k loop, a loop
 * over the columns j > k whose body runs two inner loops over i, split in
 * two by fission(2, 1). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void kernel_gramschmidt(int m, int n, double A[m][n], double R[n][n], double Q[m][n]) {
  int i, j, k;
  double nrm;

  for (k = 0; k < n; k++) {
    nrm = 0.0;
#pragma nu work(64)
    for (i = 0; i < m; i++)
      nrm += A[i][k] * A[i][k];
    R[k][k] = sqrt(nrm);
#pragma nu work(64)
    for (i = 0; i < m; i++)
      Q[i][k] = A[i][k] / R[k][k];
#pragma nu work(16, 16) permut(2, 1) fission(2, 1)
    /* Two kernels: R[k][j] with its reset, one work-item per column j;
     * then the update of A, one work-item per element, j innermost. */
    for (j = k + 1; j < n; j++) {
      R[k][j] = 0.0;
      for (i = 0; i < m; i++)
        R[k][j] += Q[i][k] * A[i][j];
      for (i = 0; i < m; i++)
        A[i][j] = A[i][j] - Q[i][k] * R[k][j];
    }
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
  int m = 37, n = 29;
  int i, j;
  double(*A)[n] = malloc(sizeof(double) * m * n);
  double(*R)[n] = malloc(sizeof(double) * n * n);
  double(*Q)[n] = malloc(sizeof(double) * m * n);
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      A[i][j] = (double)((i * j) % 7 + 1) / 7.0 + (i == j ? 4.0 : 0.0);
      Q[i][j] = 0.0;
    }
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      R[i][j] = 0.0;
  kernel_gramschmidt(m, n, A, R, Q);
  checksum("R", &R[0][0], n * n);
  checksum("Q", &Q[0][0], m * n);
  free(A);
  free(R);
  free(Q);
  return 0;
}
