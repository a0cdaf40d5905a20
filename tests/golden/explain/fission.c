/* fission.c — the GEMM of legacy code: C *= beta sits between the parallel
 * loops.  fission distributes loop i over the two statements; permut(1,3,2)
 * applies to the piece with three loops and brings j outside k; work maps
 * i and j of both pieces. */
void gemm(int n, int m, double alpha, double beta, double (*C)[n], double (*A)[m],
          double (*B)[n]) {
#pragma nu permut(1,3,2) fission
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      C[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 0; j < n; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}
