// expect: 6:28: error: vector: the body of loop 'i' cannot run as vectors
// expect-note: a statement other than a declaration or an assignment
/* vector's lanes run each statement together: a branch whose test differs
 * between lanes is not such code. */
void clip(int n, const float *a, float *b) {
#pragma nu work(64) vector(4)
  for (int i = 0; i < n; i++)
    if (a[i] > 0.0f)
      b[i] = a[i];
}
