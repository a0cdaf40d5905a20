/* explain_spelled.c — what --explain prints as the source spells it: a
 * float literal (0.001f, not 0.00100000005f), a macro bound (N), and a
 * chain whose unroll(4,1) leaves no loop that provably runs zero times. */
#define N 100

void scale(int n, int m, float (*a)[m], float (*b)[N]) {
#pragma nu unroll(4,1) tilem(4,16)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i][j] = a[i][j] * 0.001f + 1e-3;
#pragma nu tilem(16)
  for (int i = 0; i < N - 1; i++)
    b[i][0] = 2.5f;
}
