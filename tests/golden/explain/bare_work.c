/* bare_work.c — `work` alone on the GEMM of legacy code: from isl's
 * schedule, permut(2,1) on the update's loop (j out of k) and fuse with the
 * scaling give one kernel that maps i and j, with j (the contiguous
 * dimension of C and B) innermost, and nucc blocks the product:
 * cache(A, B) dmine(4,2) (doubles).  It prints that chain. */
void gemm(int n, int m, double alpha, double beta, double (*C)[n], double (*A)[m], double (*B)[n]) {
#pragma nu work
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      C[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 0; j < n; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}
