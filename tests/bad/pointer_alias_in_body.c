// expect: 10:13: error: 'row' is a pointer declared in the loop that nucc cannot follow into its array: 'row' is assigned at line 13
/* A pointer declared in the body (issue 24 §5) that moves: nucc follows a
 * pointer into its array only where each use is one element of it, so
 * this one is refused by name (it was once taken for a local array: its
 * writes reached no buffer and no dependence test, and the kernel did not
 * build). */
void f(int n, double A[n][n], const double *x) {
#pragma nu work(32)
  for (int i = 0; i < n; i++) {
    double *row = &A[i][0];
    for (int j = 0; j < n; j++) {
      *row = x[i * n + j];
      row++;
    }
  }
}
