/* bare_dist_symm.c — issue 26: the symmetric multiply as PolyBench writes
 * it, under a bare `work` on its outermost loop: row i updates the rows
 * k < i of C's column j, so i carries a dependence, and j does not.  isl's
 * schedule runs j outside i (permut(2,1)): one kernel over j, i and k
 * inside each work-item, launched once (with `work` on the j loop inside
 * i, as the suite's inner placement has it, the host runs i: M launches).
// nucc-kernels: 1
// profile: ^total: 1 launches,
 */
#include <stdio.h>

#define M 30
#define N 40
static double A[M][M], B[M][N], C[M][N];

static void kernel_symm(int m, int n, double alpha, double beta) {
  int i, j, k;
  double temp2;
#pragma nu work
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      temp2 = 0;
      for (k = 0; k < i; k++) {
        C[k][j] += alpha * B[i][j] * A[i][k];
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
    }
}

int main(void) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] = (double)((i + j) % 100) / M;
      B[i][j] = (double)((N + i - j) % 100) / M;
    }
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = (double)((i + 2 * j) % 100) / M;
  kernel_symm(M, N, 1.5, 1.2);
  double s = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      s += C[i][j] * (i + 1) * (j % 5 + 1);
  printf("C %.10g C[%d][%d] %.10g\n", s, M / 2, N / 3, C[M / 2][N / 3]);
  return 0;
}
