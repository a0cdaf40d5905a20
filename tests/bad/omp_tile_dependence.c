// expect: 9:13: error: tile: reordering the iterations into tiles would reverse a dependence
// nucc-flags: --openmp
// expect-note: iteration i = 1, j = 1 writes a[1][1], iteration i = 2, j = 0 reads it
/* OpenMP's tile is checked as nucc's own: tiling this nest would run
 * (2, 0) before (1, 1), which wrote what it reads.  A standalone
 * transformation is refused, as `#pragma nu tile` would be. */
void sweep(int n, double a[n][n]) {
  for (int t = 0; t < 2; t++)
#pragma omp tile sizes(4, 4)
    for (int i = 1; i < n; i++)
      for (int j = 0; j < n - 1; j++)
        a[i][j] = a[i - 1][j + 1] * 0.5;
}
