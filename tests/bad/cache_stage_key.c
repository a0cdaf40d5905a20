// expect: 5:30: error: cache(j: 8): 'j' is not the staged loop; the cached arrays follow loop 'k'
/* The block length names the staged loop. */
void mv(int n, int m, float a[][64], float *x, float *y) {
  // the caret goes under the key
#pragma nu work(32) cache(x, j: 8)
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int k = 0; k < m; k++)
      s += a[i][k] * x[k];
    y[i] = s;
  }
}
