// expect: 10:30: error: 'x[j]' touches 'x[i]', which the loop updates as a sum reduction
/* An element reduction into x[i] while the loop reads x[j] for j <= i:
 * the read of x[i] itself (j == i) would see a partial value: a proven
 * overlap, shown with the iteration j == i. */
void solve_wrong(const double *L, double *x, int n) {
  int i, j;
  for (i = 0; i < n; i++) {
#pragma nu work(64)
    for (j = 0; j <= i; j++)
      x[i] -= L[i * n + j] * x[j];
  }
}
