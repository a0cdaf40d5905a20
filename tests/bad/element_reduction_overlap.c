// expect: 10:30: error: cannot prove that 'x[j]' never touches 'x[i]'
/* An element reduction into x[i] while the loop reads x[j] for j <= i:
 * the read of x[i] itself (j == i) would see a partial value, so nucc
 * must not treat it as a reduction without a proof or `independent`. */
void solve_wrong(const double *L, double *x, int n) {
  int i, j;
  for (i = 0; i < n; i++) {
#pragma nu work(64)
    for (j = 0; j <= i; j++)
      x[i] -= L[i * n + j] * x[j];
  }
}
