// expect: 7:21: error: wavefront: a dependence does not run to a later hyperplane
// expect-note: for example
/* Gauss-Seidel in space: A[i][j] reads A[i+1][j-1], which iteration
 * (i+1, j-1) writes later, on the same hyperplane i + j. */
void sweep(int n, double (*A)[n]) {
  int i, j;
#pragma nu work(32) wavefront(1, 1)
  for (i = 1; i < n - 1; i++)
    for (j = 1; j < n - 1; j++)
      A[i][j] = (A[i - 1][j] + A[i + 1][j - 1] + A[i][j - 1] + A[i][j + 1]) * 0.25;
}
