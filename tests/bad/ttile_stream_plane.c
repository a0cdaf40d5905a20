// expect: 6:12: error: work: a streamed ttile runs a work-item per point of the tile's plane with its halo, here 1280; at most 1024 fit a work-group on every GPU
void heat(int tsteps, int n, double (*A)[n][n], double (*B)[n][n]) {
  /* streamed along i: the work-group is the plane of the tile with its
   * halo, (16 + 2 * 2) x (60 + 2 * 2) = 1,280 work-items, past what
   * NVIDIA and AMD GPUs run in one group */
#pragma nu work(1, 8, 32) ttile(1, 16, 60)
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          B[i][j][k] = 0.125 * (A[i + 1][j][k] + A[i - 1][j][k] + A[i][j + 1][k] +
                                A[i][j - 1][k] + A[i][j][k + 1] + A[i][j][k - 1]) +
                       0.25 * A[i][j][k];
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          A[i][j][k] = 0.125 * (B[i + 1][j][k] + B[i - 1][j][k] + B[i][j + 1][k] +
                                B[i][j - 1][k] + B[i][j][k + 1] + B[i][j][k - 1]) +
                       0.25 * B[i][j][k];
  }
}
