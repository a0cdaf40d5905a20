// expect: 14:7: error: an iteration may end without writing 't'
/* `t` is first written inside an inner loop that may run zero times (m may
 * be 0), so an iteration may end without writing it, and the function
 * reads it after the nest: its last value would not be the last
 * iteration's. */
void rows(const double *a, double *c, int n, int m) {
  int i, k;
  double t;
  t = 0;
#pragma nu work(64)
  for (i = 0; i < n; i++) {
    double s = 0;
    for (k = 0; k < m; k++) {
      t = a[i * m + k];
      s += t;
    }
    c[i] = s;
  }
  c[0] += t;
}
