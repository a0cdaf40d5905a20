/* ludcmp.c — LU decomposition (left-looking, row by row) followed by the
 * forward and back substitutions that solve A*x = b.
 * Legacy constructs: C99 VLA parameters, a C89 temporary w declared at the
 * top: private per j in a kernel over the upper part of row i (j >= i), and
 * a scalar reduction in the triangular substitution loops (j < i, j > i). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void kernel_ludcmp(int n, double A[n][n], double b[n], double x[n], double y[n]) {
  int i, j, k;
  double w;

  for (i = 0; i < n; i++) {
    /* L part of row i: A[i][j] needs A[i][k] for k < j, so j is sequential. */
    for (j = 0; j < i; j++) {
      w = A[i][j];
      for (k = 0; k < j; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w / A[j][j];
    }
#pragma nu work(32)
    /* U part of row i: reads A[i][k], k < i, and rows above; each j is
       independent. */
    for (j = i; j < n; j++) {
      w = A[i][j];
      for (k = 0; k < i; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w;
    }
  }
  for (i = 0; i < n; i++) {
    w = b[i];
#pragma nu work(64)
    for (j = 0; j < i; j++)
      w -= A[i][j] * y[j];
    y[i] = w;
  }
  for (i = n - 1; i >= 0; i--) {
    w = y[i];
#pragma nu work(64)
    for (j = i + 1; j < n; j++)
      w -= A[i][j] * x[j];
    x[i] = w / A[i][i];
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
  int n = 39;
  int i, j;
  double(*A)[n] = malloc(sizeof(double) * n * n);
  double *b = malloc(sizeof(double) * n);
  double *x = malloc(sizeof(double) * n);
  double *y = malloc(sizeof(double) * n);
  for (i = 0; i < n; i++) {
    b[i] = (i + 1) / (double)n / 2.0 + 4.0;
    x[i] = 0.0;
    y[i] = 0.0;
    for (j = 0; j < n; j++)
      A[i][j] = i == j ? 3.0 * n : (double)((i + 2 * j) % 13) / 13.0;
  }
  kernel_ludcmp(n, A, b, x, y);
  checksum("A", &A[0][0], n * n);
  checksum("y", y, n);
  checksum("x", x, n);
  free(A);
  free(b);
  free(x);
  free(y);
  return 0;
}
