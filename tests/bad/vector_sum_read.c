// expect: 8:28: error: vector: the body of loop 'i' cannot run as vectors
// expect-note: 's' is read in the loop, and the loop accumulates into it
/* vector's lanes add to a sum one after the other, but each statement runs
 * for all lanes before the next: a running sum read in the body would see
 * another order's partial values. */
float prefix(int n, const float *a, float *b) {
  float s = 0.0f;
#pragma nu work(64) vector(4)
  for (int i = 0; i < n; i++) {
    s += a[i];
    b[i] = s;
  }
  return s;
}
