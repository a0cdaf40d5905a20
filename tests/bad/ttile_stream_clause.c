// expect: 4:37: error: ttile(...): the clause is 'stream: L' after the widths
void jacobi(int tsteps, int n, double (*a)[n], double (*b)[n]) {
  /* a misspelt clause is an error, not a width */
#pragma nu work(4, 32) ttile(2, 32, strem: 64)
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        b[i][j] = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        a[i][j] = b[i][j];
  }
}
