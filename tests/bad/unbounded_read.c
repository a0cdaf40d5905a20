// expect: 8:12: error: bound
/* A read through an index array with no `size(a: ...)`: the extent of the
 * pointer `a` cannot be bounded from the subscript; the caret points at the
 * array name. */
void gather(float *b, const float *a, const int *idx, int n) {
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    b[i] = a[idx[i]];
}
