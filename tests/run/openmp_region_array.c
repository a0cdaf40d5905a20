// nucc-flags: --openmp
// cc-flags: -std=c11 -fopenmp
/* openmp_region_array.c — arrays declared in a parallel region, outside
 * its `omp for`: OpenMP keeps one per thread.  `tmp` (1-D) and `m` (2-D)
 * are written in full before they are read in every iteration, so each
 * work-item gets a __private copy of its own (never one buffer that all
 * share, which raced, or a refusal as a dependence); `coef`, which the
 * loop only reads, holds what the region wrote before it, in every
 * thread as on the host. */
#include <stdio.h>

#define N 5000

static double a[N * 8], out[N], out2[N];

int main(void) {
  int i, k, j;
  for (i = 0; i < N * 8; i++)
    a[i] = (i * 13) % 17 - 4;
#pragma omp parallel
  {
    double tmp[8];
    double coef[8];
    float m[3][4];
    for (k = 0; k < 8; k++)
      coef[k] = 0.5 * k + 1;
#pragma omp for private(k, j)
    for (i = 0; i < N; i++) {
      for (k = 0; k < 8; k++)
        tmp[k] = a[i * 8 + k] * coef[k] + i;
      double s = 0;
      for (k = 0; k < 8; k++)
        s += tmp[k] * tmp[7 - k];
      for (j = 0; j < 3; j++)
        for (k = 0; k < 4; k++)
          m[j][k] = (float)(a[i * 8 + j + k] - j);
      m[1][2] = (float)i;
      float t = 0;
      for (k = 0; k < 4; k++)
        t += m[2][k] * m[0][3 - k] + m[1][k];
      out[i] = s;
      out2[i] = t;
    }
  }
  double c1 = 0, c2 = 0;
  for (i = 0; i < N; i++) {
    c1 += out[i] * (i % 7 + 1);
    c2 += out2[i] * (i % 5 + 1);
  }
  printf("%.3f %.3f\n", c1, c2);
  printf("%.3f %.3f %.3f\n", out[0], out[N / 2], out2[N - 1]);
  return 0;
}
