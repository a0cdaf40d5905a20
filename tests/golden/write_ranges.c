/* write_ranges.c — the rows each launch says its kernel writes
 * (nurt_arg_writes, issue 25 §1), one kernel per case: narrower than the
 * rows it reads (LU's column and update, a stencil's inside, a fixed array's
 * middle rows, a write below the pointer, an affine condition, dmine's
 * remainder, interval bounds where isl gives up), and none where the writes
 * reach the whole argument, where a write cannot be bounded, for a
 * snapshot's copy and for the arrays cache() stages. */
#define R 16
#define C 12

static float g[R][C], h[R][C];

void lu(int n, int k, double (*A)[n]) {
#pragma nu work(64)
  for (int i = k + 1; i < n; i++)
    A[i][k] /= A[k][k];
#pragma nu work(8, 32)
  for (int i = k + 1; i < n; i++)
    for (int j = k + 1; j < n; j++)
      A[i][j] -= A[i][k] * A[k][j];
}

void stencil(int n, float *a, const float *b) {
#pragma nu work(64)
  for (int i = 1; i < n - 1; i++)
    a[i] = a[0] + b[i - 1] + b[i] + b[i + 1];
}

void fixed(void) {
#pragma nu work(4, 8)
  for (int i = 1; i < R - 1; i++)
    for (int j = 0; j < C; j++)
      g[i][j] += g[0][j] + g[R - 1][j];
#pragma nu work(4, 8)
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      h[i][j] = g[i][j] * 2.0f;
}

void whole(int n, float *a) {
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    a[i] = a[i] * 0.5f;
}

void below(int n, float *a) {
  float *p = a + 1;
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    p[i - 1] = p[n] + (float)i;
}

void cond(int n, float *c) {
#pragma nu work(64)
  for (int i = 0; i < n - 2; i++)
    if (i % 3 == 1)
      c[i + 1] = c[0] + (float)i;
}

void remainder(int n, float *b) {
#pragma nu work(8) dmine(4)
  for (int i = 2; i < n; i++)
    b[i] = b[i] * 0.5f + b[0] + b[1];
}

void intervals(int n, int m, int lo, float *a) {
#pragma nu work(8) independent
  for (int i = 1; i < n; i++)
    for (int j = lo; j < m; j += 2)
      a[i * m + j] += a[j];
}

void scatter(int n, float *v, const int *idx) {
#pragma nu work(64) size(v : n) independent
  for (int i = 0; i < n / 2; i++)
    v[idx[i]] += 1.0f;
}

void shift(int n, float *x) {
#pragma nu work(64) snapshot(x)
  for (int i = 1; i < n - 1; i++)
    x[i] = 0.5f * (x[i] + x[i + 1]);
}

void gemm(int n, float (*A)[n], float (*B)[n], float (*D)[n]) {
#pragma nu work(8, 8) cache(A, B)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        D[i][j] += A[i][k] * B[k][j];
}

float reduce(int n, float *a) {
  float s = 0.0f;
#pragma nu work(64) reduce(+ : s)
  for (int i = 1; i < n; i++) {
    a[i] = a[0] * (float)i;
    s += a[i];
  }
  return s;
}
