// expect: 14:7: error: 'return' cannot be used inside a 'work' nest
/* A bare `work` on a time loop whose body may return between its nests:
 * refused, though the loop could stay on the host (a `break` does: it
 * leaves the host's loop, work_bare_time_converge.c).  The host's exits
 * from a function that launches kernels hand the arrays back
 * (nurt_escape); one inside an annotated nest would need the same. */
int jacobi(int ts, int n, float (*A)[n], float (*B)[n]) {
#pragma nu work
  for (int t = 0; t < ts; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.2f * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
    if (B[1][1] > 1e6f)
      return t;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.2f * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] + B[i - 1][j]);
  }
  return ts;
}
