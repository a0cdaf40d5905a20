/* bicg.c — the BiCG kernel: s = A'*r and q = A*p.
 * Legacy constructs: flat pointer parameters with an IDX(i,j) macro over the
 * row length parameter, C89 declarations, a C89 temporary accumulated then
 * stored (private per i), and a kernel mapped over the columns j. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define IDX(i, j) ((i)*ncol + (j))

void kernel_bicg(int nrow, int ncol, double *A, double *s, double *q, double *p, double *r) {
  int i, j;
  double acc;

#pragma nu work(64)
  for (j = 0; j < ncol; j++) {
    s[j] = 0.0;
    for (i = 0; i < nrow; i++)
      s[j] += r[i] * A[IDX(i, j)];
  }

#pragma nu work(64)
  for (i = 0; i < nrow; i++) {
    acc = 0.0;
    for (j = 0; j < ncol; j++)
      acc += A[IDX(i, j)] * p[j];
    q[i] = acc;
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
  int nrow = 47, ncol = 41;
  int i, j;
  double *A = malloc(sizeof(double) * nrow * ncol);
  double *s = malloc(sizeof(double) * ncol);
  double *q = malloc(sizeof(double) * nrow);
  double *p = malloc(sizeof(double) * ncol);
  double *r = malloc(sizeof(double) * nrow);
  for (j = 0; j < ncol; j++)
    p[j] = (double)(j % ncol) / ncol;
  for (i = 0; i < nrow; i++) {
    r[i] = (double)(i % nrow) / nrow;
    for (j = 0; j < ncol; j++)
      A[IDX(i, j)] = (double)(i * (j + 1) % nrow) / nrow;
  }
  kernel_bicg(nrow, ncol, A, s, q, p, r);
  checksum("s", s, ncol);
  checksum("q", q, nrow);
  free(A);
  free(s);
  free(q);
  free(p);
  free(r);
  return 0;
}
