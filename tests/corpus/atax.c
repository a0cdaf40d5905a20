/* atax.c — y = A'*(A*x) through tmp = A*x.
 * Legacy constructs: flat pointer parameters with hand-written a[i*n + j]
 * subscripts, C89 declarations, a column walk a[i*n + j] over i inside a
 * kernel mapped over j, accumulation into y[j] and tmp[i]. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void kernel_atax(int m, int n, double *a, double *x, double *y, double *tmp) {
  int i, j;

#pragma nu work(32)
  for (i = 0; i < m; i++) {
    tmp[i] = 0.0;
    for (j = 0; j < n; j++)
      tmp[i] = tmp[i] + a[i * n + j] * x[j];
  }

#pragma nu work(32)
  for (j = 0; j < n; j++) {
    y[j] = 0.0;
    for (i = 0; i < m; i++)
      y[j] = y[j] + a[i * n + j] * tmp[i];
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
  int m = 39, n = 45;
  int i, j;
  double *a = malloc(sizeof(double) * m * n);
  double *x = malloc(sizeof(double) * n);
  double *y = malloc(sizeof(double) * n);
  double *tmp = malloc(sizeof(double) * m);
  for (j = 0; j < n; j++)
    x[j] = 1.0 + (double)j / n;
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++)
      a[i * n + j] = (double)((i + j) % n) / (5.0 * m);
  kernel_atax(m, n, a, x, y, tmp);
  checksum("tmp", tmp, m);
  checksum("y", y, n);
  free(a);
  free(x);
  free(y);
  free(tmp);
  return 0;
}
