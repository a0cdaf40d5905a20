// expect: 4:29: error: cache(w): 'w' is a table of rows, which cannot be staged in local memory
/* A table's rows lie anywhere: no block of them can be staged. */
void blur(float **w, float *out, int n, int m) {
#pragma nu work(8, 8) cache(w)
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      out[i * m + j] = w[i - 1][j] + w[i + 1][j] + w[i][j - 1] + w[i][j + 1];
}
