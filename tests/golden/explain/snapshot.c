/* snapshot.c — trmm in the order legacy code writes it: row i reads the
 * rows below it, which later iterations of i overwrite.  snapshot(B) makes
 * those reads read a copy of B taken before the nest; then permut(2,1)
 * brings i outside j, and work maps both. */
void trmm(int m, int n, double alpha, double (*A)[m], double (*B)[n]) {
#pragma nu work(16, 16) permut(2, 1) snapshot(B)
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      for (int k = i + 1; k < m; k++)
        B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
}
