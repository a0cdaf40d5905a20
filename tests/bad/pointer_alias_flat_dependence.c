// expect: 10:7: error: loop-carried dependence on 'x': the write 'x[i * n + j]' and the read 'x[i * n + (j + n)]'
/* A dependence carried through an offset pointer into a flat array (issue
 * 24 §5): p = x + i * n writes x[i * n + j] and reads x[i * n + n + j],
 * the next iteration's row. */
void f(int n, int m, double *x) {
#pragma nu work(32)
  for (int i = 0; i < m; i++) {
    double *p = x + i * n;
    for (int j = 0; j < n; j++)
      p[j] += p[j + n];
  }
}
