// expect: 6:26: error: canonical
/* A multiplicative step (`i *= 2`) is not canonical: the caret points at the
 * increment expression. */
void clear(float *a, int n) {
#pragma nu work(64)
  for (int i = 1; i < n; i *= 2)
    a[i] = 0.0f;
}
