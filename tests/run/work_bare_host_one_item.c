// nucc-kernels: 7
/* work_bare_host_one_item.c — a bare `work` whose loop stays on the host,
 * with statements between its nests.  A statement that reads an array the
 * loop's kernels write runs as a kernel of one work-item: Cholesky's
 * A[k][k] = sqrt(A[k][k]), and a guard and a compound assignment to the
 * pivot of a factorisation that read its row, with the statement after
 * them, which reads the pivot, in the same kernel; on the host each would
 * wait for the kernels and copy the array's rows down and up again in
 * every iteration.
 * A statement that only writes such an array (durbin's y[k] = alpha), or
 * reads only what the host keeps, stays on the host.  Sizes that no
 * work-group divides; the results are printed whole.
 * tests/golden/bare_chains.sh checks the decisions. */
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

/* Gaussian elimination with a guarded, shifted pivot: the guard (an `if`)
 * and the pivot's update read the row the last step wrote (a compound
 * assignment); the scale factors are written by the host from a host array
 * alone */
static void eliminate(int n, double A[N][N], const double shift[N], double f[N], double piv[N]) {
#pragma nu work
  for (int k = 0; k < n - 1; k++) {
    if (A[k][k] < 3.94)
      A[k][k] = 3.94 + shift[k];
    A[k][k] += shift[k] * A[k][k + 1];
    piv[k] = A[k][k] * 0.5;
    f[k] = shift[k] + 1.0;
    for (int i = k + 1; i < n; i++)
      for (int j = k + 1; j < n; j++)
        A[i][j] = A[i][j] - A[i][k] * A[k][j] / (A[k][k] * f[k]);
  }
}

/* durbin's last statement writes y[k] from a host scalar: on the host */
static void recurrence(int n, const double r[N], double y[N], double z[N]) {
  double alpha = -r[0];
  y[0] = alpha;
#pragma nu work
  for (int k = 1; k < n; k++) {
    alpha = -(r[k] + alpha) / (2.0 + k);
    for (int i = 0; i < k; i++)
      z[i] = y[i] + alpha * y[k - i - 1];
    for (int i = 0; i < k; i++)
      y[i] = z[i];
    y[k] = alpha;
  }
}

int main(void) {
  static double A[N][N], B[N][N], shift[N], f[N], piv[N], r[N], y[N], z[N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (i == j ? N + 1.0 : 0.0) + 1.0 / (1.0 + i + j);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      B[i][j] = (i == j ? 4.0 : 0.0) + (double)((i * 7 + j * 3) % 5) / 10.0;
  for (int i = 0; i < N; i++) {
    shift[i] = (double)(i % 3) / 8.0;
    r[i] = 1.0 / (2.0 + i);
  }
  cholesky(N, A);
  eliminate(N, B, shift, f, piv);
  recurrence(N, r, y, z);
  for (int i = 0; i < N; i++) {
    for (int j = 0; j <= i; j++)
      printf("%.10g ", A[i][j]);
    printf("\n");
  }
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      printf("%.10g ", B[i][j]);
    printf("\n");
  }
  for (int i = 0; i < N; i++)
    printf("%d %.10g %.10g %.10g\n", i, y[i], f[i], piv[i]);
  return 0;
}
