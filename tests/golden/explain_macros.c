/* explain_macros.c — what --explain prints for macros of every style
 * (issue 32): a macro's name where a literal is that macro's whole value
 * (L, ROWS), the expansion's text where it is an expression (N, M, W, HALF,
 * STRIDE: once each of its literals printed as the macro's name, `N << N`),
 * function-like index macros (IDX), macros of macros (H, W), a cast and a
 * sizeof, and bounds rewritten by dmine, tile and unroll. */
#define N (1 << 6)
#define M (N / 4 + 3)
#define L 101
#define ROWS 37
#define H ROWS
#define W (H + 2)
#define IDX(i, j) ((i) * W + (j))
#define HALF ((int)(N / 2.0))
#define STRIDE (int)sizeof(short)

void macros(float (*a)[M], double *b, double *c, float *d) {
#pragma nu dmine(2, 1)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      a[i][j] = 0.5f * (float)(i - j) + (N - M);
#pragma nu tile(4, 8)
  for (int i = 1; i < H - 1; i++)
    for (int j = 1; j < W - 1; j++)
      b[IDX(i, j)] = c[IDX(i - 1, j)] + 2 * c[IDX(i, j)];
#pragma nu unroll(3)
  for (int i = 0; i < HALF; i++)
    d[i * STRIDE] = d[i + HALF] * L;
#pragma nu dmine(2)
  for (int i = 0; i < L; i++)
    d[i] += L - i;
}
