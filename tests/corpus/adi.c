/* adi.c — alternating-direction implicit (Peaceman-Rachford) steps of the
 * 2-D heat equation: a tridiagonal solve along every row, then along every
 * column, by the Thomas algorithm; the boundary holds 1.
 * Legacy constructs: C99 VLA parameters, C89 scalars (a, b, c, mu, den),
 * a time loop around two 1-D kernels (rows, then columns), each running
 * a forward and a backward (j--) recurrence in per-row/column scratch. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void kernel_adi(int tsteps, int n, double u[n][n], double v[n][n], double p[n][n], double q[n][n]) {
  int t, i, j;
  double a, b, c, mu, den;

  mu = 0.5;
  a = -mu;
  b = 1.0 + 2.0 * mu;
  c = -mu;
  for (t = 0; t < tsteps; t++) {
#pragma nu work(8)
    /* Rows: implicit along j; row i of v, p, q belongs to work-item i. */
    for (i = 1; i < n - 1; i++) {
      v[i][0] = 1.0;
      p[i][0] = 0.0;
      q[i][0] = 1.0;
      for (j = 1; j < n - 1; j++) {
        den = b + a * p[i][j - 1];
        p[i][j] = -c / den;
        q[i][j] =
            (mu * u[i - 1][j] + (1.0 - 2.0 * mu) * u[i][j] + mu * u[i + 1][j] - a * q[i][j - 1]) /
            den;
      }
      v[i][n - 1] = 1.0;
      for (j = n - 2; j >= 1; j--)
        v[i][j] = p[i][j] * v[i][j + 1] + q[i][j];
    }
#pragma nu work(8)
    /* Columns: implicit along i; column j of u, p, q belongs to work-item j. */
    for (j = 1; j < n - 1; j++) {
      u[0][j] = 1.0;
      p[0][j] = 0.0;
      q[0][j] = 1.0;
      for (i = 1; i < n - 1; i++) {
        den = b + a * p[i - 1][j];
        p[i][j] = -c / den;
        q[i][j] =
            (mu * v[i][j - 1] + (1.0 - 2.0 * mu) * v[i][j] + mu * v[i][j + 1] - a * q[i - 1][j]) /
            den;
      }
      u[n - 1][j] = 1.0;
      for (i = n - 2; i >= 1; i--)
        u[i][j] = p[i][j] * u[i + 1][j] + q[i][j];
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
  int n = 33, tsteps = 5;
  int i, j;
  double(*u)[n] = malloc(sizeof(double) * n * n);
  double(*v)[n] = malloc(sizeof(double) * n * n);
  double(*p)[n] = malloc(sizeof(double) * n * n);
  double(*q)[n] = malloc(sizeof(double) * n * n);
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      if (i == 0 || j == 0 || i == n - 1 || j == n - 1)
        u[i][j] = 1.0;
      else
        u[i][j] = (double)((i * 5 + j * 3) % 17) / 4.0;
      v[i][j] = 0.0;
      p[i][j] = 0.0;
      q[i][j] = 0.0;
    }
  kernel_adi(tsteps, n, u, v, p, q);
  checksum("u", &u[0][0], n * n);
  checksum("v", &v[0][0], n * n);
  free(u);
  free(v);
  free(p);
  free(q);
  return 0;
}
