// expect: 5:12: error: 'unroll' applies after 'work'
/* work must be applied last: leftmost on the top line. */
void scale(float *a, int n) {
  // work is written right of unroll, so it applies first
#pragma nu unroll(2) work(64)
  for (int i = 0; i < n; i++)
    a[i] = 2.0f * a[i];
}
