// expect: 6:12: error: 'tile' cannot be combined with ttile
void jacobi(int tsteps, int n, float *a, float *b) {
  /* tile would strip-mine the loop over time tiles, which the host runs:
   * ttile hands work the plan of its one kernel */
#pragma nu work(32)
#pragma nu tile(8) ttile(4)
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
    for (int i = 1; i < n - 1; i++)
      a[i] = b[i];
  }
}
