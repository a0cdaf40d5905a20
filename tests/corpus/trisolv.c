/* trisolv.c — forward substitution: solves L*x = b, L lower triangular.
 * Legacy constructs: flat pointer parameters with an IDX(i,j) macro over a
 * fixed row length N, a reduction into the array element x[i] (not indexed
 * by the mapped loop) in a triangular loop j < i inside the sequential i. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define N 51
#define IDX(i, j) ((i)*N + (j))

void kernel_trisolv(int n, double *L, double *x, double *b) {
  int i, j;

  for (i = 0; i < n; i++) {
    x[i] = b[i];
#pragma nu work(64)
    /* x[i] is a sum reduction over j; x[j], j < i, is only read. */
    for (j = 0; j < i; j++)
      x[i] -= L[IDX(i, j)] * x[j];
    x[i] = x[i] / L[IDX(i, i)];
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
  int i, j;
  double *L = malloc(sizeof(double) * N * N);
  double *x = malloc(sizeof(double) * N);
  double *b = malloc(sizeof(double) * N);
  for (i = 0; i < N; i++) {
    x[i] = -999.0;
    b[i] = (double)i / N + 1.0;
    for (j = 0; j < N; j++)
      L[IDX(i, j)] = j < i ? (double)((i + N - j + 1) % 7) / (7.0 * N) : (i == j ? 1.5 : 0.0);
  }
  kernel_trisolv(N, L, x, b);
  checksum("x", x, N);
  free(L);
  free(x);
  free(b);
  return 0;
}
