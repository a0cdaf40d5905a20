// expect: 4:21: error: stride(...) is given twice
double sum(int n, const double *a) {
  double t = 0;
#pragma nu work(64) stride(2) stride(8)
  for (int i = 0; i < n; i++)
    t += a[i];
  return t;
}
