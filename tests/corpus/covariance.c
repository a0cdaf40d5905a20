/* covariance.c — covariance matrix of n observations of m variables.
 * Legacy constructs: flat pointer parameters with data[i*m + j] and
 * cov[j*m + i] subscripts, C89 declarations, a C89 temporary w, and a
 * kernel over the triangle j >= i that writes cov[i][j] and its mirror
 * cov[j][i] (no two work-items meet: needs an exact test). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void kernel_covariance(int m, int n, double fn, double *data, double *cov, double *mean) {
  int i, j, k;
  double w;

#pragma nu work(64)
  for (j = 0; j < m; j++) {
    mean[j] = 0.0;
    for (i = 0; i < n; i++)
      mean[j] += data[i * m + j];
    mean[j] /= fn;
  }

#pragma nu work(8, 8)
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      data[i * m + j] -= mean[j];

#pragma nu work(16, 16)
  for (i = 0; i < m; i++)
    for (j = i; j < m; j++) {
      w = 0.0;
      for (k = 0; k < n; k++)
        w += data[k * m + i] * data[k * m + j];
      w /= (fn - 1.0);
      cov[i * m + j] = w;
      cov[j * m + i] = w;
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
  int m = 28, n = 33;
  int i, j;
  double *data = malloc(sizeof(double) * n * m);
  double *cov = malloc(sizeof(double) * m * m);
  double *mean = malloc(sizeof(double) * m);
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      data[i * m + j] = (double)(i * (j + 1) % 17) / 17.0 + 0.1 * j + 0.01 * i;
  kernel_covariance(m, n, (double)n, data, cov, mean);
  checksum("mean", mean, m);
  checksum("cov", cov, m * m);
  free(data);
  free(cov);
  free(mean);
  return 0;
}
