// expect: 5:12: error: 'snapshot' copies arrays for the kernels of 'work', and this nest has none
/* Without `work` there is no kernel to copy for. */
void shift(int n, float *x) {
  int i;
#pragma nu snapshot(x)
  for (i = 0; i < n - 1; i++)
    x[i] = x[i + 1];
}
