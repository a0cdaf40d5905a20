// expect: 7:21: error: fuse: fusing the loops at lines 9 and 11 would reverse a dependence
/* The second loop reads the row backwards: a[i][m-1-j] is written by the
 * first loop at a later j, so fused, the read would come before the
 * write.  Refused, with the pair once fused and both accesses. */
void mirror(int n, int m, float (*a)[m], float (*b)[m], const float *c) {
  // the caret is under `fuse`
#pragma nu work(16) fuse
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++)
      a[i][j] = c[j] * 2.0f;
    for (int j = 0; j < m; j++)
      b[i][j] = a[i][m - 1 - j] + 1.0f;
  }
}
