// expect: 5:21: error: vector: the loops up to the vector loop carry a dependence
/* a prefix sum: lane i reads what lane i - 1 writes. */
void prefix(int n, const float *a, float *b) {
  // the caret goes under vector
#pragma nu work(64) vector(4)
  for (int i = 1; i < n; i++)
    b[i] = b[i - 1] + a[i];
}
