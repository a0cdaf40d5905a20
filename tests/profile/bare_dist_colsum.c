/* bare_dist_colsum.c — issue 26: a column sum across the row loop beside a
 * row sum of another array (loops of other bounds: no fuse), under a bare
 * `work` on the row loop i: i carries the column sum's dependence, and the
 * two inner loops want different orders (the column sum j outside i, the
 * row sum i outside k).  nucc used to keep i on the host and launch
 * two kernels in each of its M iterations; distributed, each piece in its
 * own order, it launches 2.
// profile: ^total: 2 launches,
 */
#include <stdio.h>

#define M 45
#define N 39
#define K 23
static double A[M][N], B[M][K], s[N], w[M], r[M];

static void colsum(int m, int n, int kk) {
#pragma nu work
  for (int i = 0; i < m; i++) {
    for (int j = 0; j < n; j++)
      s[j] += w[i] * A[i][j];
    for (int k = 0; k < kk; k++)
      r[i] += w[i] * B[i][k];
  }
}

int main(void) {
  for (int i = 0; i < M; i++) {
    w[i] = 1.0 + (double)(i % 9) / 9.0;
    for (int j = 0; j < N; j++)
      A[i][j] = (double)((i * 3 + j) % 17) / 17.0;
    for (int k = 0; k < K; k++)
      B[i][k] = (double)((i + 5 * k) % 11) / 11.0;
  }
  for (int j = 0; j < N; j++)
    s[j] = j;
  colsum(M, N, K);
  double a = 0, b = 0;
  for (int j = 0; j < N; j++)
    a += s[j] * (j % 7 + 1);
  for (int i = 0; i < M; i++)
    b += r[i] * (i % 5 + 1);
  printf("s %.10g r %.10g\n", a, b);
  return 0;
}
