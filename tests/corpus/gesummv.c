/* gesummv.c — y = alpha*A*x + beta*B*x.
 * Legacy constructs: flat pointer parameters with an IDX(i,j) macro that
 * uses the parameter n, two C89 temporaries (t1, t2) declared at the top
 * and written before they are read in every iteration (private per i). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define IDX(i, j) ((i)*n + (j))

void kernel_gesummv(int n, double alpha, double beta, double *A, double *B, double *x, double *y) {
  int i, j;
  double t1, t2;

#pragma nu work(32)
  for (i = 0; i < n; i++) {
    t1 = 0.0;
    t2 = 0.0;
    for (j = 0; j < n; j++) {
      t1 += A[IDX(i, j)] * x[j];
      t2 += B[IDX(i, j)] * x[j];
    }
    y[i] = alpha * t1 + beta * t2;
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
  int n = 53;
  int i, j;
  double *A = malloc(sizeof(double) * n * n);
  double *B = malloc(sizeof(double) * n * n);
  double *x = malloc(sizeof(double) * n);
  double *y = malloc(sizeof(double) * n);
  for (i = 0; i < n; i++) {
    x[i] = (double)(i % n) / n;
    for (j = 0; j < n; j++) {
      A[IDX(i, j)] = (double)((i * j + 1) % n) / n;
      B[IDX(i, j)] = (double)((i * j + 2) % n) / n;
    }
  }
  kernel_gesummv(n, 1.5, 1.2, A, B, x, y);
  checksum("y", y, n);
  free(A);
  free(B);
  free(x);
  free(y);
  return 0;
}
