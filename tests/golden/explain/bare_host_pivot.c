/* A bare `work` on a Cholesky factorisation: k stays on the host, the
 * pivot's square root runs between the launches as a kernel of one
 * work-item (it reads A, which the kernels write). */
#include <math.h>

void cholesky(int n, double A[n][n]) {
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
