// expect: 12:12: error: cannot bound the subscript 'k' of 'a' from the loop bounds; declare its extent with size(a: element_count)
/* A CSR product: the inner loop's bounds are read from rowstr, so nothing
 * bounds k, and a[k] and colidx[k] need a size(...).  nucc once accepted it
 * and wrote a host stub that used nu_lo1/nu_hi1, the range of k, without
 * declaring them: an output that did not compile (issue 23, item 3). */
void spmv(int n, int *rowstr, int *colidx, double *a, double *p, double *q) {
  /* rowstr's extent comes from j; p's from nothing (an indirect subscript) */
#pragma nu work(64) size(p: n)
  for (int j = 0; j < n; j++) {
    double s = 0.0;
    for (int k = rowstr[j]; k < rowstr[j + 1]; k++)
      s += a[k] * p[colidx[k]];
    q[j] = s;
  }
}
