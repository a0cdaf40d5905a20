double sum(int n, const double *p, const int *idx) {
  double s = 0, m = -1e300;
#pragma nu work(64) size(p: n) reduce(+: s) reduce(max: m)
  for (int i = 0; i < n; i++) {
    s += p[idx[i] % n];
    m = m > p[i] ? m : p[i];
  }
  return s + m;
}
