/* bare_pieces.c — Gram-Schmidt's loop over the columns j > k under a bare
 * `work`: isl's chain maps j alone; fission into a piece of two statements
 * (the dot product with its reset) and one of one (the update of A) maps
 * the update in two dimensions, and nucc takes that. */
void update(int m, int n, int k, double (*A)[n], double (*R)[n], double (*Q)[n]) {
#pragma nu work
  for (int j = k + 1; j < n; j++) {
    R[k][j] = 0.0;
    for (int i = 0; i < m; i++)
      R[k][j] += Q[i][k] * A[i][j];
    for (int i = 0; i < m; i++)
      A[i][j] = A[i][j] - Q[i][k] * R[k][j];
  }
}
