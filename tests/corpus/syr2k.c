/* syr2k.c — C = alpha*(A*B' + B*A') + beta*C on the lower triangle of C.
 * Legacy constructs: C99 VLA parameters (double C[n][n]), C89 declarations,
 * a kernel over the triangle j <= i (the box of i and j, each work-item
 * testing its bounds), a C89 temporary. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void kernel_syr2k(int n, int m, double alpha, double beta, double C[n][n], double A[n][m],
                  double B[n][m]) {
  int i, j, k;
  double acc;

#pragma nu work(16, 16)
  /* C[i][j] of the lower triangle belongs to work-item (i, j). */
  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++) {
      acc = 0.0;
      for (k = 0; k < m; k++)
        acc += A[j][k] * alpha * B[i][k] + B[j][k] * alpha * A[i][k];
      C[i][j] = beta * C[i][j] + acc;
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
  int n = 31, m = 19;
  int i, j;
  double(*A)[m] = malloc(sizeof(double) * n * m);
  double(*B)[m] = malloc(sizeof(double) * n * m);
  double(*C)[n] = malloc(sizeof(double) * n * n);
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++) {
      A[i][j] = (double)((i * j + 1) % n) / n;
      B[i][j] = (double)((i * j + 2) % m) / m;
    }
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      C[i][j] = (double)((i * j + 3) % n) / m;
  kernel_syr2k(n, m, 1.5, 1.2, C, A, B);
  checksum("C", &C[0][0], n * n);
  free(A);
  free(B);
  free(C);
  return 0;
}
