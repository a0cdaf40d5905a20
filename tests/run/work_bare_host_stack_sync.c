/* work_bare_host_stack_sync.c — a loop kept on the host whose statements
 * stay on the host and touch what its kernels write, on the stack, which
 * the runtime cannot protect: Cholesky with its pivot read into a scalar
 * (a declaration, which no kernel of one work-item takes, since the host
 * reads its scalars) and written back from it (a write alone).  Only the
 * statements' element syncs (nurt_host_range_at of A[k][k]) bring the
 * pivot down for the host and send the square root up for the kernels:
 * without them the host would read a stale pivot and the kernels a stale
 * root.  work_bare_host_cholesky.c and work_bare_time_host_stmt.c tested
 * this until their statements became kernels of one work-item.
 * tests/golden/bare_chains.sh checks the decision. */
#include <math.h>
#include <stdio.h>

#define N 37

static void cholesky(int n, double A[N][N]) {
#pragma nu work
  for (int k = 0; k < n; k++) {
    double p = sqrt(A[k][k]);
    A[k][k] = p;
    for (int i = k + 1; i < n; i++)
      A[i][k] = A[i][k] / A[k][k];
    for (int i = k + 1; i < n; i++)
      for (int j = k + 1; j <= i; j++)
        A[i][j] = A[i][j] - A[i][k] * A[j][k];
  }
}

int main(void) {
  double A[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = i == j ? (double)N : 1.0 / (1.0 + (i > j ? i - j : j - i));
  cholesky(N, A);
  for (int i = 0; i < N; i++) {
    for (int j = 0; j <= i; j++)
      printf("%.10g ", A[i][j]);
    printf("\n");
  }
  return 0;
}
