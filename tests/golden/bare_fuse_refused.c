/* bare_fuse_refused.c — isl's schedule runs the scaling's j loop with the
 * update's, as on syrk, but the update's j starts at 1: the loops a fuse
 * would join do not have equal headers, so nucc reads the schedule as a
 * kernel per statement instead (fission, the update's j out of k)
 * (tests/golden/bare_chains.sh). */
void scale_update(int n, int m, double beta, double (*C)[n], double (*A)[m]) {
#pragma nu work
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      C[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 1; j < n; j++)
        C[i][j] += A[i][k] * A[j][k];
  }
}
