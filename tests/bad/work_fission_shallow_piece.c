// expect: 6:20: error: work(2) maps 2 loops, but the nest has only 1 perfectly nested loop
/* fission leaves a piece of one loop (a[i] = 0) and one of two; work(16,16)
 * maps two loops of every piece, so the first is refused, with a note at
 * that piece. */
void init(int n, int m, float *a, float (*b)[m]) {
#pragma nu work(16,16) fission
  for (int i = 0; i < n; i++) {
    a[i] = 0;
    for (int j = 0; j < m; j++)
      b[i][j] = a[i] + j;
  }
}
