// expect: 8:5: error: dependence
/* A write through an index array: two iterations may write the same element
 * and nothing proves they do not (no `independent` clause); the caret points
 * at the written array. */
void scatter(float *a, const int *idx, int n) {
#pragma nu work(64) size(a: n)
  for (int i = 0; i < n; i++)
    a[idx[i]] = 1.0f;
}
