/* bare_dist_atax.c — issue 26: A-transpose-times-vector as PolyBench
 * writes it, under bare `work`s on its outermost loops.  The row loop i
 * carries the column sum `y[j] += A[i][j] * tmp[i]`, so no order of the
 * whole nest maps a loop; nucc used to keep i on the host and launch two
 * kernels in each of its M iterations (1 + 2 * M launches).  Distributed,
 * each piece in its own order (tmp's rows map i; y's column sums map j
 * with i inside each work-item), the whole program launches 3 kernels.
// profile: ^total: 3 launches,
// profile: ^nu_kernel_atax_23_1 +.*bare_dist_atax\.c:27 +1 +[0-9.]+ +[0-9]
 */
#include <stdio.h>

#define M 38
#define N 42
static double A[M][N], x[N], y[N], tmp[M];

static void kernel_atax(int m, int n) {
  int i, j;
#pragma nu work
  for (i = 0; i < n; i++)
    y[i] = 0;
#pragma nu work
  for (i = 0; i < m; i++) {
    tmp[i] = 0.0;
    for (j = 0; j < n; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
    for (j = 0; j < n; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
}

int main(void) {
  for (int j = 0; j < N; j++)
    x[j] = 1.0 + (double)j / N;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (double)((i + j) % N) / (5.0 * M);
  kernel_atax(M, N);
  double s = 0, t = 0;
  for (int j = 0; j < N; j++)
    s += y[j] * (j % 7 + 1);
  for (int i = 0; i < M; i++)
    t += tmp[i] * (i % 5 + 1);
  printf("y %.10g tmp %.10g y[%d] %.10g\n", s, t, N / 3, y[N / 3]);
  return 0;
}
