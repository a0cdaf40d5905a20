// expect: 7:23: error: ttile: subscript 'idx[i]' of a time-stepped array must be 'i' plus a constant
void gather(int tsteps, int n, const int *idx, float *a, float *b) {
  /* an indirect read: its distance is unknown */
#pragma nu work(64) ttile(4)
  for (int t = 0; t < tsteps; t++) {
    for (int i = 0; i < n; i++)
      b[i] = 0.5f * a[idx[i]];
    for (int i = 0; i < n; i++)
      a[i] = b[i];
  }
}
