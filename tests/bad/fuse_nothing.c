// expect: 5:12: error: fuse: the body of loop 'i' holds no adjacent loops with equal headers
/* The inner loops have different bounds: nothing to fuse. */
void tri(int n, int m, float (*a)[m]) {
  // the caret is under `fuse`
#pragma nu fuse
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++)
      a[i][j] = 0;
    for (int j = 0; j < i; j++)
      a[i][j] = 1;
  }
}
