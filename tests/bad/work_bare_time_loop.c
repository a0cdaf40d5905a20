// expect: 11:9: error: dependence on 'B': different work-items write the same element
/* A bare `work` on a nest whose outer loop steps in time: every step
 * rewrites B, so t cannot be mapped, and no chain moves it inward.  The
 * dependence comes with its pair, and a note says to write the time loop
 * outside the annotated nest, where it stays on the host. */
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
