/* bare_refused.c — SYRK of legacy code with its triangular j loop: isl's
 * schedule asks for fission and permut(1,3,2), which nucc's permut refuses
 * (j's bound depends on i), so nucc's own search decides (tests/golden/
 * bare_chains.sh). */
void syrk(int n, int m, double alpha, double beta, double (*C)[n], double (*A)[m]) {
#pragma nu work
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
  }
}
