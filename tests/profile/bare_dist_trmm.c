/* bare_dist_trmm.c — issue 26: the triangular multiply as PolyBench writes
 * it, in place, under a bare `work` on its outermost loop: row i reads the
 * rows k > i that later iterations overwrite, so i carries an
 * anti-dependence.  With those reads made of a copy taken before the nest
 * (snapshot(B)) both i and j map: one kernel, launched once (with `work` on
 * the j loop inside i, as the suite's inner placement has it, the host
 * runs i: M launches).
// nucc-kernels: 1
// profile: ^total: 1 launches,
 */
#include <stdio.h>

#define M 29
#define N 34
static double A[M][M], B[M][N];

static void kernel_trmm(int m, int n, double alpha) {
  int i, j, k;
#pragma nu work
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      for (k = i + 1; k < m; k++)
        B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
}

int main(void) {
  for (int i = 0; i < M; i++) {
    for (int j = 0; j < M; j++)
      A[i][j] = (double)((i + j) % M) / M;
    for (int j = 0; j < N; j++)
      B[i][j] = (double)((N + (i - j)) % N) / N;
  }
  kernel_trmm(M, N, 1.5);
  double s = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      s += B[i][j] * (i + 1) * (j % 3 + 1);
  printf("B %.10g B[%d][%d] %.10g\n", s, M / 2, N / 3, B[M / 2][N / 3]);
  return 0;
}
