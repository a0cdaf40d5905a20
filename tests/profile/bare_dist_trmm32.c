/* bare_dist_trmm32.c — issue 26: PolyBench 3.2's triangular multiply
 * (PolyBench-ACC's), `B[i][j] += alpha * A[i][k] * B[j][k]` for k < i,
 * under a bare `work` on its outermost loop.  Row i reads the finished
 * rows j < i, so i stays on the host.  Inside it the loop over j carries a
 * dependence only into the diagonal (column j = i reads the row's columns
 * k < i), so nucc peels that iteration off (`peel(i, ni - 1 - i)`): the
 * columns before it, the diagonal, the columns after it, three kernels per
 * row (83 launches, the last row's after-piece empty), where j kept on the
 * host in turn launched a reduction over k per column (812: N^2).
// nucc-kernels: 3
// profile: ^total: 83 launches,
// profile: ^nu_kernel_trmm_[0-9]+_0 .* 28 +[0-9]
 */
#include <stdio.h>

#define N 29
static double A[N][N], B[N][N];

static void kernel_trmm(int ni, double alpha) {
  int i, j, k;
#pragma nu work
  for (i = 1; i < ni; i++)
    for (j = 0; j < ni; j++)
      for (k = 0; k < i; k++)
        B[i][j] += alpha * A[i][k] * B[j][k];
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i * j) % N) / N;
      B[i][j] = (double)((i + j) % N) / N - 0.5;
    }
  kernel_trmm(N, 1.0 / N); /* rows grow at most linearly, at any N */
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += B[i][j] * (i + 1) * (j % 3 + 1);
  printf("B %.10g B[%d][%d] %.10g\n", s, N / 2, N / 3, B[N / 2][N / 3]);
  return 0;
}
