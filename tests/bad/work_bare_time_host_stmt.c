// expect: 13:5: error: dependence on 'A': different work-items write the same element
// expect-note: here the statement at line 13 is not a loop nest
/* A bare `work` on a time loop whose body holds, between its nests, a
 * statement that is not a loop nest (a boundary copied on the host): nucc
 * keeps a time loop on the host only when its body is loop nests alone,
 * so the dependence that t carries is refused, and a note says why. */
void jacobi(int ts, int n, float (*A)[n], float (*B)[n]) {
#pragma nu work
  for (int t = 0; t < ts; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.2f * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
    A[0][0] = B[1][1];
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.2f * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] + B[i - 1][j]);
  }
}
