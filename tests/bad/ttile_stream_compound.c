// expect: 9:9: error: ttile: streaming along the outermost loop needs plain assignments, not '+='
void accumulate(int tsteps, int n, double (*a)[n], double (*b)[n]) {
  /* streamed along i: each value of b goes to a ring of its own, so the
   * sub-step must say the whole new value */
#pragma nu work(4, 16) ttile(2, 16)
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i][j] += 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        a[i][j] = b[i][j];
  }
}
