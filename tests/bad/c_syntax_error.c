// expect: 8:16: error: expected ';'
/* A plain C syntax error (a missing semicolon) is reported by the C front
 * end, in its own words, right after the unfinished expression. */
void clear(float *a, int n) {
  float zero = 0.0f;
#pragma nu work(64)
  for (int i = 0; i < n; i++) {
    a[i] = zero
  }
}
