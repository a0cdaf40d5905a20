/* mvt.c — x1 += A*y1 and x2 += A'*y2.
 * Legacy constructs: flat pointer parameters with a[i*n + j] subscripts,
 * C89 declarations, in-place accumulation into x1[i] and x2[i], and the
 * chain work(32) dmine(2) (two rows per work-item, the j loop jammed). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void kernel_mvt(int n, double *x1, double *x2, double *y1, double *y2, double *a) {
  int i, j;

#pragma nu work(32) dmine(2)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      x1[i] = x1[i] + a[i * n + j] * y1[j];

#pragma nu work(32)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      x2[i] = x2[i] + a[j * n + i] * y2[j];
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
  int n = 57;
  int i, j;
  double *a = malloc(sizeof(double) * n * n);
  double *x1 = malloc(sizeof(double) * n), *x2 = malloc(sizeof(double) * n);
  double *y1 = malloc(sizeof(double) * n), *y2 = malloc(sizeof(double) * n);
  for (i = 0; i < n; i++) {
    x1[i] = (double)(i % n) / n;
    x2[i] = (double)((i + 1) % n) / n;
    y1[i] = (double)((i + 3) % n) / n;
    y2[i] = (double)((i + 4) % n) / n;
    for (j = 0; j < n; j++)
      a[i * n + j] = (double)(i * j % n) / n;
  }
  kernel_mvt(n, x1, x2, y1, y2, a);
  checksum("x1", x1, n);
  checksum("x2", x2, n);
  free(a);
  free(x1);
  free(x2);
  free(y1);
  free(y2);
  return 0;
}
