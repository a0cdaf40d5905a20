/* gemver.c — A += u1*v1' + u2*v2'; x += beta*A'*y + z; w += alpha*A*x.
 * Legacy constructs: C99 VLA parameters (double A[n][n], double x[n]),
 * C89 declarations, a column walk A[j][i] in a loop mapped over i, and
 * in-place accumulation into x[i] and w[i] over an inner sequential loop. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void kernel_gemver(int n, double alpha, double beta, double A[n][n], double u1[n], double v1[n],
                   double u2[n], double v2[n], double w[n], double x[n], double y[n], double z[n]) {
  int i, j;

#pragma nu work(16, 16)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = A[i][j] + u1[i] * v1[j] + u2[i] * v2[j];

#pragma nu work(64)
  /* x[i] belongs to work-item i; A is only read. */
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      x[i] = x[i] + beta * A[j][i] * y[j];

#pragma nu work(64)
  for (i = 0; i < n; i++)
    x[i] = x[i] + z[i];

#pragma nu work(64)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      w[i] = w[i] + alpha * A[i][j] * x[j];
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
  int n = 41;
  int i, j;
  double(*A)[n] = malloc(sizeof(double) * n * n);
  double *u1 = malloc(sizeof(double) * n), *v1 = malloc(sizeof(double) * n);
  double *u2 = malloc(sizeof(double) * n), *v2 = malloc(sizeof(double) * n);
  double *w = malloc(sizeof(double) * n), *x = malloc(sizeof(double) * n);
  double *y = malloc(sizeof(double) * n), *z = malloc(sizeof(double) * n);
  for (i = 0; i < n; i++) {
    u1[i] = i;
    u2[i] = (i + 1) / (double)n / 2.0;
    v1[i] = (i + 1) / (double)n / 4.0;
    v2[i] = (i + 1) / (double)n / 6.0;
    y[i] = (i + 1) / (double)n / 8.0;
    z[i] = (i + 1) / (double)n / 9.0;
    x[i] = 0.0;
    w[i] = 0.0;
    for (j = 0; j < n; j++)
      A[i][j] = (double)(i * j % n) / n;
  }
  kernel_gemver(n, 1.5, 1.2, A, u1, v1, u2, v2, w, x, y, z);
  checksum("A", &A[0][0], n * n);
  checksum("x", x, n);
  checksum("w", w, n);
  free(A);
  free(u1);
  free(v1);
  free(u2);
  free(v2);
  free(w);
  free(x);
  free(y);
  free(z);
  return 0;
}
