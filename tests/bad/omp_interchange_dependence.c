// expect: 8:13: error: permut
// nucc-flags: --openmp
// expect-note: iteration
/* OpenMP's interchange (6.0) becomes permut(2, 1), and the engine refuses
 * it where the new order reverses a dependence, with the pair, as for
 * `#pragma nu permut`. */
void shift(int n, double a[n][n]) {
#pragma omp interchange
  for (int i = 1; i < n; i++)
    for (int j = 0; j < n - 1; j++)
      a[i][j] = a[i - 1][j + 1] + 1.0;
}
