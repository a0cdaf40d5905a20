// expect: 7:31: error: ttile: subscript 'i + s' of a time-stepped array must be 'i' plus a constant
void shift(int tsteps, int n, int s, float *a, float *b) {
  /* an offset the compiler cannot bound: no halo holds the cone */
#pragma nu work(64) ttile(4)
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      b[i] = 0.5f * (a[i] + a[i + s]);
    for (int i = 1; i < n - 1; i++)
      a[i] = b[i];
  }
}
