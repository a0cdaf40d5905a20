/* bare_dist_bicg.c — issue 26: BiCG's kernel as PolyBench writes it, under
 * bare `work`s on its outermost loops: one j loop updates the column sum
 * s[j] and the row sum q[i], so the row loop i carries s's dependence.
 * nucc used to keep i on the host and launch a kernel in each of its N
 * iterations (1 + N launches); distributed twice (the loop over the body,
 * then the j loop over its two statements), s's piece runs j outside i,
 * and the program launches 4 kernels.
// nucc-kernels: 4
// profile: ^total: 4 launches,
 */
#include <stdio.h>

#define M 37
#define N 41
static double A[N][M], s[M], q[N], p[M], r[N];

static void kernel_bicg(int m, int n) {
  int i, j;
#pragma nu work
  for (i = 0; i < m; i++)
    s[i] = 0;
#pragma nu work
  for (i = 0; i < n; i++) {
    q[i] = 0.0;
    for (j = 0; j < m; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
}

int main(void) {
  for (int i = 0; i < M; i++)
    p[i] = (double)(i % M) / M;
  for (int i = 0; i < N; i++) {
    r[i] = (double)(i % N) / N;
    for (int j = 0; j < M; j++)
      A[i][j] = (double)(i * (j + 1) % N) / N;
  }
  kernel_bicg(M, N);
  double a = 0, b = 0;
  for (int j = 0; j < M; j++)
    a += s[j] * (j % 7 + 1);
  for (int i = 0; i < N; i++)
    b += q[i] * (i % 5 + 1);
  printf("s %.10g q %.10g\n", a, b);
  return 0;
}
