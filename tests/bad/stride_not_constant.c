// expect: 5:28: error: stride(...): 's' must be an integer constant (iterations of the outermost mapped loop per work-item)
/* The stride is part of the chain --tune writes: a number. */
double sum(int n, int s, const double *a) {
  double t = 0;
#pragma nu work(64) stride(s)
  for (int i = 0; i < n; i++)
    t += a[i] * s;
  return t;
}
