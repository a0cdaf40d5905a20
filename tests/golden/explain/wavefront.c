/* wavefront.c — Gauss-Seidel sweeps in time and space: every loop carries
 * a dependence, and each runs to a later hyperplane 4t + 2i + j.  The host
 * runs the hyperplanes w in order; t and i are parallel on each, t
 * innermost on the NDRange (permut), and j is solved from w. */
void seidel(int tsteps, int n, double (*A)[n]) {
#pragma nu work(8,32) permut(1,3,2) wavefront(4,2,1)
  for (int t = 0; t < tsteps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j] +
                   A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) /
                  9.0;
}
