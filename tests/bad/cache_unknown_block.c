// expect: 7:12: error: cache(a): subscript 'idx[i]' is neither a mapped index
/* cache needs the block a work-group reads: a[idx[i]] does not tell it. */
void gather(const float *a, const int *idx, float *b, int n) {
#pragma nu work(64) cache(a) size(a: n)
  for (int i = 0; i < n; i++)
    // the caret goes under the access
    b[i] = a[idx[i]];
}
