// nucc-flags: --openmp
// cc-flags: -std=c11 -fopenmp
/* openmp_private_array.c — `private(r1, r2)` naming arrays: each work-item
 * has its own copies (OpenMP's private copy lives for the loop, so nothing
 * of it is kept after), not one buffer that all share, which was refused
 * as a dependence.  With collapse(2) the copies belong to each (i, j). */
#include <stdio.h>

#define N 300
#define M 40

static float a[N][M], b[N][M];

int main(void) {
  float r1[4], r2[4];
  int i, j, k;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      a[i][j] = (float)((i * 7 + j * 3) % 11);
#pragma omp parallel for collapse(2) private(r1, r2, k)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      for (k = 0; k < 4; k++) {
        r1[k] = a[i][j] * k + i;
        r2[k] = r1[k] - j;
      }
      b[i][j] = r1[0] * r2[3] - r1[2] + r2[1];
    }
  double c = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      c += b[i][j] * ((i + j) % 5 + 1);
  printf("%.2f %.2f %.2f\n", c, b[0][0], b[N - 1][M - 1]);
  return 0;
}
