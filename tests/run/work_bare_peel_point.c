/* work_bare_peel_point.c — issue 26: a bare `work` peels off the one
 * iteration a carried dependence meets, on loops that start at 1 and run
 * to `<=`: row i (kept on the host: it reads the finished rows j < i)
 * updates its columns 1..n, and only column j = i reads the row's own
 * columns k < i.  Peeled at j = i (`peel(i - 1, n - i)`), the columns before
 * it, it, and those after it are three kernels per row; in the first rows
 * the front loop is short, in the last the back one is empty.
// nucc-kernels: 3
 */
#include <stdio.h>

#define N 33
static double X[N + 1][N + 1], W[N + 1][N + 1];

static void update(int n) {
#pragma nu work
  for (int i = 2; i <= n; i++)
    for (int j = 1; j <= n; j++)
      for (int k = 1; k < i; k++)
        X[i][j] += 0.25 * W[i][k] * X[j][k];
}

int main(void) {
  for (int i = 0; i <= N; i++)
    for (int j = 0; j <= N; j++) {
      W[i][j] = (double)((3 * i + j) % 11) / 11;
      X[i][j] = (double)((i + 2 * j) % 7) / 7 - 0.5;
    }
  update(N);
  double s = 0;
  for (int i = 0; i <= N; i++)
    for (int j = 0; j <= N; j++)
      s += X[i][j] * (i % 4 + 1) * (j % 3 + 1);
  printf("X %.10g X[%d][%d] %.10g X[%d][%d] %.10g\n", s, N, N, X[N][N], N / 2, N / 2,
         X[N / 2][N / 2]);
  return 0;
}
