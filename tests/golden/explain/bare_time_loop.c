/* bare_time_loop.c — `work` alone on a time loop around two 3-D stencils:
 * t carries a dependence, so no chain maps it; its body is loop nests
 * alone, so nucc keeps t on the host and gives each nest a bare `work` of
 * its own, as if t were written outside the annotated nest.  (Around 1-D
 * and 2-D stencils it time-tiles the loop instead: ttile.) */
void heat(int ts, int n, float (*A)[n][n], float (*B)[n][n]) {
#pragma nu work
  for (int t = 0; t < ts; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          B[i][j][k] = 0.1f * (A[i - 1][j][k] + A[i + 1][j][k] + A[i][j - 1][k] + A[i][j + 1][k] +
                               A[i][j][k - 1] + A[i][j][k + 1]) +
                       0.4f * A[i][j][k];
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          A[i][j][k] = 0.1f * (B[i - 1][j][k] + B[i + 1][j][k] + B[i][j - 1][k] + B[i][j + 1][k] +
                               B[i][j][k - 1] + B[i][j][k + 1]) +
                       0.4f * B[i][j][k];
  }
}
