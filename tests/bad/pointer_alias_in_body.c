// expect: 8:13: error: 'row' is a pointer declared in the loop: nucc does not follow a pointer into an array in a kernel
/* A pointer declared in the body (issue 24 §5) was taken for a local
 * array: its writes reached no buffer and no dependence test, and the
 * kernel did not build.  Refused until nucc follows it. */
void f(int n, double A[n][n], const double *x) {
#pragma nu work(32)
  for (int i = 0; i < n; i++) {
    double *row = &A[i][0];
    for (int j = 0; j < n; j++)
      row[j] = x[i * n + j];
  }
}
