// expect: 4:28: error: stride(8192): at most 4096 iterations per work-item
double sum(int n, const double *a) {
  double t = 0;
#pragma nu work(64) stride(8192)
  for (int i = 0; i < n; i++)
    t += a[i];
  return t;
}
