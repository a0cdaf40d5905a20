// expect: 7:12: error: fuse: the loops at lines 10 and 12 pass values through the scalar 's'
/* The first loop sums a row into s, the second reads the total: fusing
 * would read partial sums.  The scalar is not an array, so isl does not
 * see it: fuse refuses any scalar written in one loop and used in the other. */
void normalise(int n, int m, float (*a)[m]) {
  // the caret is under `fuse`
#pragma nu fuse
  for (int i = 0; i < n; i++) {
    float s = 0;
    for (int j = 0; j < m; j++)
      s += a[i][j];
    for (int j = 0; j < m; j++)
      a[i][j] /= s;
  }
}
