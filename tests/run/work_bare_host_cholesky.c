/* work_bare_host_cholesky.c — a bare `work` on the whole of a right-looking
 * Cholesky factorisation: the k loop carries a dependence, so it stays on
 * the host; its body mixes a statement that touches memory (the pivot's
 * square root, which reads what the kernels write and so runs as a kernel
 * of one work-item between the launches) with two loop nests (the column's
 * scaling, the trailing update), each a kernel.  The matrix is a local
 * array on the stack, which the runtime cannot protect: it stays on the
 * device from the first launch to the end of the loop.  The same pivot
 * through the host, with its syncs: work_bare_host_stack_sync.c. */
#include <math.h>
#include <stdio.h>

#define N 37

static void cholesky(int n, double A[N][N]) {
#pragma nu work
  for (int k = 0; k < n; k++) {
    A[k][k] = sqrt(A[k][k]);
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
  double s = 0, w = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++) {
      s += A[i][j];
      w += A[i][j] * (double)((i + 2 * j) % 7 + 1);
    }
  printf("%.9g %.9g %.9g %.9g\n", s, w, A[N - 1][N - 1], A[N / 2][N / 3]);
  return 0;
}
