/* work_bare_peel_floyd.c — issue 26: Floyd–Warshall as PolyBench writes
 * it, under one bare `work` on the loop over k.  k carries a dependence
 * and stays on the host; inside it the rows i meet only at row k (every
 * row reads path[k][j]), which a bare `work` refused to map, and so the
 * region.  Peeled at i = k (`peel(k, n - 1 - k)`), the rows before it,
 * row k and the rows after it are three kernels per step, each work-item
 * a row (its columns meet at column k, in order inside it).
// nucc-kernels: 3
 */
#include <stdio.h>

#define N 60
static int path[N][N];

static void floyd(int n) {
#pragma nu work
  for (int k = 0; k < n; k++)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j] ? path[i][j] : path[i][k] + path[k][j];
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      path[i][j] = i == j ? 0 : (i * j % 7 + 1) * ((i + j) % 13 + 1) % 97 + 1;
  floyd(N);
  long s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += path[i][j] * (i % 5 + 1) * (j % 3 + 1);
  printf("path %ld path[%d][%d] %d path[%d][%d] %d\n", s, N - 1, 0, path[N - 1][0], N / 3, N / 2,
         path[N / 3][N / 2]);
  return 0;
}
