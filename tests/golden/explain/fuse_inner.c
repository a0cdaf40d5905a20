/* fuse_inner.c — the update's loop permuted first (an annotation inside the
 * body applies before the nest's own): j comes out of k, and fuse joins it
 * with the scaling's j, as a bare `work` chooses on syrk. */
void syrk(int n, int m, double alpha, double beta, double (*C)[n], double (*A)[m]) {
#pragma nu fuse
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= i; j++)
      C[i][j] *= beta;
#pragma nu permut(2,1)
    for (int k = 0; k < m; k++)
      for (int j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
  }
}
