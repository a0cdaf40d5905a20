/* bare_time_loop.c — `work` alone on a time loop around two stencils: t
 * carries a dependence, so no chain maps it; its body is loop nests alone,
 * so nucc keeps t on the host and gives each nest a bare `work` of its own,
 * as if t were written outside the annotated nest. */
void jacobi(int ts, int n, float (*A)[n], float (*B)[n]) {
#pragma nu work
  for (int t = 0; t < ts; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.2f * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.2f * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] + B[i - 1][j]);
  }
}
