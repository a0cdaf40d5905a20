/* nuda_explain.c — NUDA's two worked examples of chained annotations, for
 * `nucc --explain`: an outer product with tile(8,8) dmine(2,2) permut(2,1),
 * and dmine(2) over a loop with an inner reduction loop. */
float f(float x, float y) { return x * y; }

void outer(int n, int m, const float *a, const float *b, float (*c)[n]) {
#pragma nu tile(8,8) dmine(2,2) permut(2,1)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      c[j][i] = a[i] * b[j];
}

void rows(int n, int m, const float *a, const float *b, float *d) {
#pragma nu dmine(2)
  for (int i = 0; i < n; i++) {
    float r = 0;
    for (int j = 0; j < m; j++)
      r += f(a[i], b[j]);
    d[i] = r;
  }
}
