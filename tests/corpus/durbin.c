/* durbin.c — Levinson-Durbin: solves the Toeplitz system of the
 * autocorrelations r for y.
 * Legacy constructs: pointer parameters, C89 scalars (alpha, beta, sum)
 * declared at the top, a scalar sum reduction in a triangular loop (i < k)
 * inside the sequential k loop, and the update of y through a copy z (the
 * in-place form would carry a dependence: see wrong_durbin.c). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void kernel_durbin(int n, double *r, double *y, double *z) {
  int i, k;
  double alpha, beta, sum;

  y[0] = -r[0];
  beta = 1.0;
  alpha = -r[0];
  for (k = 1; k < n; k++) {
    beta = (1.0 - alpha * alpha) * beta;
    sum = 0.0;
#pragma nu work(64)
    for (i = 0; i < k; i++)
      sum += r[k - i - 1] * y[i];
    alpha = -(r[k] + sum) / beta;
#pragma nu work(64)
    for (i = 0; i < k; i++)
      z[i] = y[i] + alpha * y[k - i - 1];
#pragma nu work(64)
    for (i = 0; i < k; i++)
      y[i] = z[i];
    y[k] = alpha;
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
  int n = 45;
  int i;
  double *r = malloc(sizeof(double) * n);
  double *y = malloc(sizeof(double) * n);
  double *z = malloc(sizeof(double) * n);
  /* Decaying autocorrelations: a well-conditioned Toeplitz matrix. */
  for (i = 0; i < n; i++)
    r[i] = 0.5 / ((i + 2.0) * (i + 2.0));
  kernel_durbin(n, r, y, z);
  checksum("y", y, n);
  printf("y[0] %.6g y[n-1] %.6g\n", y[0], y[n - 1]);
  free(r);
  free(y);
  free(z);
  return 0;
}
