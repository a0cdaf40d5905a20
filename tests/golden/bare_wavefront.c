/* bare_wavefront.c — a bare `work` on Gauss-Seidel: no loop maps, no loop
 * can stay on the host with the rest mapped, and nucc finds the hyperplanes
 * 4t + 2i + j itself (isl's own schedule is that hyperplane). */
void seidel(int tsteps, int n, double (*A)[n]) {
#pragma nu work
  for (int t = 0; t < tsteps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j] +
                   A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) /
                  9.0;
}

/* Gauss-Seidel in space alone: the hyperplanes i + j would do for the
 * 5-point sweep; this one also reads A[i - 1][j + 1], so 2i + j. */
void sweep(int n, double (*A)[n]) {
#pragma nu work
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      A[i][j] = (A[i - 1][j + 1] + A[i][j - 1] + A[i + 1][j] + A[i][j + 1]) * 0.25;
}
