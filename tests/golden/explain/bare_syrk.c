/* bare_syrk.c — `work` alone on a symmetric rank-k update of legacy code
 * (C = beta C + alpha A A^T, every element): isl's schedule runs the
 * scaling's j loop with the update's, which sits inside its k loop; a
 * permut(2,1) on that loop brings j out and fuse joins the two: one kernel
 * that maps i and j, with j (the contiguous dimension of C) innermost, as
 * PPCG makes.  A is read along both mapped loops, so no tile of it serves
 * one of them: not blocked (a GEMM, bare_work.c, is). */
void syrk(int n, int m, double alpha, double beta, double (*C)[n], double (*A)[m]) {
#pragma nu work
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      C[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 0; j < n; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
  }
}
