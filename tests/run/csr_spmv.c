/* csr_spmv.c — a sparse matrix-vector product in CSR form, as NPB's CG
 * writes it: the inner loop's bounds come from an array
 * (`k = rowstr[j]; k < rowstr[j + 1]`), so only size(...) bounds the arrays
 * indexed by k and the gathered vector; rowstr's extent still comes from j.
 * Without those sizes nucc refuses the nest (bad.csr_row_bounds_unsized);
 * it once wrote a stub that did not compile.  Rows of different lengths,
 * empty ones included, and a second product on the result in the same
 * program (the arrays stay on the device between them). */
#include <stdio.h>
#include <stdlib.h>

static void spmv(int n, int nnz, int *rowstr, int *colidx, double *a, double *p, double *q) {
#pragma nu work(64) size(colidx : nnz, a : nnz, p : n)
  for (int j = 0; j < n; j++) {
    double s = 0.0;
    for (int k = rowstr[j]; k < rowstr[j + 1]; k++)
      s += a[k] * p[colidx[k]];
    q[j] = s;
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1001;
  int per = 9, nnz = 0;
  int *rowstr = malloc((size_t)(n + 1) * sizeof *rowstr);
  for (int j = 0; j < n; j++)
    nnz += (j * 7) % per; /* row j has (7j mod 9) entries: some none */
  int *colidx = malloc((size_t)nnz * sizeof *colidx);
  double *a = malloc((size_t)nnz * sizeof *a);
  double *p = malloc((size_t)n * sizeof *p), *q = malloc((size_t)n * sizeof *q);
  double *r = malloc((size_t)n * sizeof *r);
  int k = 0;
  for (int j = 0; j < n; j++) {
    rowstr[j] = k;
    for (int l = 0; l < (j * 7) % per; l++, k++) {
      colidx[k] = (j * 31 + l * 17 + 5) % n;
      a[k] = 1.0 / (1 + (j + 3 * l) % 13);
    }
  }
  rowstr[n] = k;
  for (int j = 0; j < n; j++)
    p[j] = (j % 11) * 0.5 - 1.0;
  spmv(n, nnz, rowstr, colidx, a, p, q);
  spmv(n, nnz, rowstr, colidx, a, q, r);
  double sq = 0, sr = 0;
  for (int j = 0; j < n; j++) {
    sq += q[j] * (j % 3 + 1);
    sr += r[j] * (j % 5 + 1);
  }
  printf("nnz %d\n", nnz);
  printf("q %.10e %.10e %.10e\n", sq, q[1], q[n - 1]);
  printf("r %.10e %.10e\n", sr, r[n / 2]);
  free(rowstr);
  free(colidx);
  free(a);
  free(p);
  free(q);
  free(r);
  return 0;
}
