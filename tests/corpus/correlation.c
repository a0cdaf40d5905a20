/* correlation.c — correlation matrix of n observations of m variables.
 * Legacy constructs: C99 VLA parameters (data[n][m], corr[m][m]), C89
 * declarations, a C89 temporary w reused by three kernels (private in
 * each), sqrt() and a ?: guard in a kernel, a triangular loop (j > i)
 * writing corr[i][j] and corr[j][i]. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void kernel_correlation(int m, int n, double fn, double data[n][m], double corr[m][m],
                        double mean[m], double stddev[m]) {
  int i, j, k;
  double w;
  double eps = 0.1;

#pragma nu work(32)
  for (j = 0; j < m; j++) {
    w = 0.0;
    for (i = 0; i < n; i++)
      w += data[i][j];
    mean[j] = w / fn;
  }

#pragma nu work(32)
  for (j = 0; j < m; j++) {
    w = 0.0;
    for (i = 0; i < n; i++)
      w += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    w = sqrt(w / fn);
    stddev[j] = w <= eps ? 1.0 : w;
  }

#pragma nu work(8, 8)
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      data[i][j] = (data[i][j] - mean[j]) / (sqrt(fn) * stddev[j]);

#pragma nu work(16, 16) fission
  for (i = 0; i < m - 1; i++) {
    corr[i][i] = 1.0;
    for (j = i + 1; j < m; j++) {
      w = 0.0;
      for (k = 0; k < n; k++)
        w += data[k][i] * data[k][j];
      corr[i][j] = w;
      corr[j][i] = w;
    }
  }
  corr[m - 1][m - 1] = 1.0;
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
  int m = 26, n = 35;
  int i, j;
  double(*data)[m] = malloc(sizeof(double) * n * m);
  double(*corr)[m] = malloc(sizeof(double) * m * m);
  double *mean = malloc(sizeof(double) * m);
  double *stddev = malloc(sizeof(double) * m);
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      data[i][j] = (double)(i * (j + 1) % 19) / 19.0 + (double)(i * i % 7) / (j + 3.0) + j;
  kernel_correlation(m, n, (double)n, data, corr, mean, stddev);
  checksum("mean", mean, m);
  checksum("stddev", stddev, m);
  checksum("corr", &corr[0][0], m * m);
  free(data);
  free(corr);
  free(mean);
  free(stddev);
  return 0;
}
