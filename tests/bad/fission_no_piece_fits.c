// expect: 7:25: error: permut(...) needs 4 loops, but the nest has 3 perfectly nested canonical loops
/* After fission, a transformation skips the pieces too shallow for it; when
 * no piece is deep enough, the deepest reports why (here it has 3 loops).
 * The caret points at the first argument past the loops there are. */
void f(int n, float (*c)[n], float (*a)[n]) {
  // the caret is under the 4
#pragma nu permut(1,2,3,4) fission
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      c[i][j] = 0;
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        c[i][j] += a[i][k];
  }
}
