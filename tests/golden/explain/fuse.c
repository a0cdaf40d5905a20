/* fuse.c — two loops over the columns of row i, the second reading what
 * the first wrote at the same j: fused into one, the nest is perfect and
 * work can map both loops. */
void scale_shift(int n, int m, float (*a)[m], float (*b)[m], const float *c) {
#pragma nu fuse
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++)
      a[i][j] = c[j] * 2.0f;
    for (int jj = 0; jj < m; jj++)
      b[i][jj] = a[i][jj] + 1.0f;
  }
}
