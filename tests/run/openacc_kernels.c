// nucc-flags: --openacc
// nucc-kernels: 3
/* A `kernels` region with two loop nests and no loop directives: nucc
 * decides what is parallel in each, as a bare work does (the second nest's
 * outer loop carries a dependence: only its inner loop is mapped), and a
 * `kernels loop` whose loop nucc finds parallel by itself. */
#include <stdio.h>

#define N 40
#define M 50
static float a[N][M], b[N][M], v[N * M];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      a[i][j] = (float)((i * 13 + j * 7) % 19);
#pragma acc kernels
  {
    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j++)
        b[i][j] = a[i][j] * 2.0f + 1.0f;
    for (int i = 1; i < N; i++)
      for (int j = 0; j < M; j++)
        b[i][j] = b[i - 1][j] * 0.5f + b[i][j];
  }
#pragma acc kernels loop
  for (int k = 0; k < N * M; k++)
    v[k] = b[k / M][k % M] - a[k / M][k % M];
  double s = 0;
  for (int k = 0; k < N * M; k++)
    s += v[k] * (k % 7 + 1);
  printf("%.4f %.4f %.4f\n", s, b[N - 1][3], v[N * M / 2]);
  return 0;
}
