/* range_cholesky.c — issue 25 §1: a right-looking Cholesky at n = 512 with
 * `A[k][k] = sqrt(A[k][k])` on the host between the two kernels of each
 * step.  With one state per array every step sent the whole 2 MiB matrix
 * back and up again: 511 copies each way, 2.1 GB.  By the range, the host
 * statement moves the page (or, unprotected, the element) that holds
 * A[k][k]: the matrix crosses about three times in all, at most 8. */
#include <math.h>
#include <stdio.h>

#define N 512
static double A[N][N];

static void cholesky(int n, double a[n][n]) {
  for (int k = 0; k < n; k++) {
    a[k][k] = sqrt(a[k][k]);
#pragma nu work(64)
    for (int i = k + 1; i < n; i++)
      a[i][k] = a[i][k] / a[k][k];
#pragma nu work(16, 16)
    for (int i = k + 1; i < n; i++)
      for (int j = k + 1; j <= i; j++)
        a[i][j] = a[i][j] - a[i][k] * a[j][k];
  }
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = i == j ? (double)N : 1.0 / (1.0 + (i > j ? i - j : j - i));
  cholesky(N, A);
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++)
      s += A[i][j] * (double)(i % 7 + 1);
  printf("%.10g %.10g\n", s, A[N - 1][N - 1]);
  return 0;
}
// clang-format off
// profile: ^total: 1022 launches
// profile-max-bytes: total 16777216
// clang-format on
