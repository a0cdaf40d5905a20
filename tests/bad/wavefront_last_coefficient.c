// expect: 5:34: error: wavefront(...): the last coefficient must be 1
void sweep(int n, double (*A)[n]) {
  int i, j;
  /* the innermost index is solved from the hyperplane: its coefficient is 1 */
#pragma nu work(32) wavefront(1, 2)
  for (i = 1; i < n - 1; i++)
    for (j = 1; j < n - 1; j++)
      A[i][j] = (A[i - 1][j] + A[i][j - 1]) * 0.5;
}
