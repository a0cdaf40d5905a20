// expect: 7:5: error: ttile: this sub-step depends on its own results at other points
// expect-note: for example
void seidel(int tsteps, int n, double (*A)[n]) {
  /* in place: each point reads neighbours the same sweep already updated */
#pragma nu work(8, 8) ttile(2)
  for (int t = 0; t < tsteps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1] + A[i][j]) * 0.2;
}
