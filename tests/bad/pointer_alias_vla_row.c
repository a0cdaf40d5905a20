// expect: 11:7: error: 'A[i][j]': the rows of 'A' have a run-time length, so nucc cannot prove that the pointer 'row' stays in the row
/* A pointer into a row of an array whose rows have a run-time length
 * (issue 24 §5): nucc cannot prove that row[j] stays in row i, and an
 * element past its end would be the next row's, which the dependence test
 * would not see. */
void f(int n, double A[n][n], const double *x) {
#pragma nu work(32)
  for (int i = 0; i < n; i++) {
    double *row = &A[i][0];
    for (int j = 0; j < n; j++)
      row[j] = x[i * n + j];
  }
}
