// expect: 11:7: error: loop-carried dependence on 'A': the write 'A[i + 1][j]' and the read 'A[i][j]'
/* A dependence carried through a pointer declared in the body (issue 24
 * §5): row i written through `row` is read by iteration i - 1 as A[i][j].
 * nucc follows the pointer into A, so the dependence test sees both. */
#define N 64
void f(double A[N][N], const double *x) {
#pragma nu work(32)
  for (int i = 0; i < N - 1; i++) {
    double *row = A[i + 1];
    for (int j = 0; j < N; j++)
      row[j] = A[i][j] + x[j];
  }
}
