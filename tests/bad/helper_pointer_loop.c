// expect: 10:10: error: the bounds of the loop over 'k' (line 9) in 'sum' are not expressions
/* A helper that walks a buffer with a loop whose bound is data (the count
 * stored in the row's first element) reaches elements nucc cannot name at
 * the call: the extents and the dependence test would be guesses, so the
 * kernel is refused at the access in the helper (loops whose bounds are
 * expressions of the helper's scalar parameters are fine). */
static float sum(const float *p) {
  float s = 0;
  for (int k = 1; k <= (int)p[0]; k++)
    s += p[k];
  return s;
}

void rows(const float *a, float *out, int n, int m) {
#pragma nu work(16)
  for (int i = 0; i < n; i++)
    out[i] = sum(&a[i * m]);
}
