// expect: 6:28: error: vector: the body of loop 'i' cannot run as vectors
// expect-note: 'p' is assigned, and it is declared outside the loop (only a sum, 'p += ...', may be)
/* Only sums cross the lanes: a product over the loop is not one. */
float product(int n, const float *a) {
  float p = 1.0f;
#pragma nu work(64) vector(4)
  for (int i = 0; i < n; i++)
    p *= a[i];
  return p;
}
