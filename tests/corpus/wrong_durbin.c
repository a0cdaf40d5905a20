/* wrong_durbin.c — durbin.c with a deliberately wrong annotation: the
 * update of y done in place, y[i] += alpha*y[k-i-1], under work(64).
 * Work-item i writes y[i] while work-item k-1-i reads it: a correct
 * compiler must refuse it with a dependence diagnostic. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void kernel_durbin(int n, double *r, double *y) {
  int i, k;
  double alpha, beta, sum;

  y[0] = -r[0];
  beta = 1.0;
  alpha = -r[0];
  for (k = 1; k < n; k++) {
    beta = (1.0 - alpha * alpha) * beta;
    sum = 0.0;
    for (i = 0; i < k; i++)
      sum += r[k - i - 1] * y[i];
    alpha = -(r[k] + sum) / beta;
#pragma nu work(64)
    for (i = 0; i < k; i++)
      y[i] = y[i] + alpha * y[k - i - 1];
    y[k] = alpha;
  }
}

int main(void) {
  int n = 45;
  int i;
  double s = 0.0;
  double *r = malloc(sizeof(double) * n);
  double *y = malloc(sizeof(double) * n);
  for (i = 0; i < n; i++)
    r[i] = 0.5 / ((i + 2.0) * (i + 2.0));
  kernel_durbin(n, r, y);
  for (i = 0; i < n; i++)
    s += y[i];
  printf("y %.6g\n", s);
  free(r);
  free(y);
  return 0;
}
