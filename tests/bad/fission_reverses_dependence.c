// expect: 7:21: error: fission: distributing the loop would reverse a dependence
/* The first statement reads b[i - 1], which the second wrote one iteration
 * before: distribution would run every read before any write.  Refused at
 * `fission`, with the concrete pair of iterations and both accesses. */
void shift(int n, float *a, float *b) {
  // the caret is under `fission`
#pragma nu work(64) fission
  for (int i = 1; i < n; i++) {
    a[i] = b[i - 1] * 2.0f;
    b[i] = a[i] + 1.0f;
  }
}
