// nucc-flags: --openmp
// cc-flags: -std=c11 -fopenmp
/* openmp_orphan_array.c — an orphaned `omp for`: the function's local
 * array belongs to each thread that calls it from a parallel region.  Each
 * iteration fills `w` before reading it, so each work-item gets its own
 * copy (never one buffer that all share). */
#include <stdio.h>

#define N 6000
#define K 6

static double x[N], y[N];

static void smooth(int n) {
  double w[K];
  int i, k;
#pragma omp for
  for (i = 0; i < n; i++) {
    for (k = 0; k < K; k++)
      w[k] = x[(i + k) % n] * (k + 1);
    double s = 0;
    for (k = 0; k < K; k++)
      s += w[k] - w[K - 1 - k] / 2;
    y[i] = s;
  }
}

int main(void) {
  int i;
  for (i = 0; i < N; i++)
    x[i] = (i * 31) % 23 - 11;
#pragma omp parallel
  smooth(N);
  double c = 0;
  for (i = 0; i < N; i++)
    c += y[i] * (i % 9 + 1);
  printf("%.3f %.3f %.3f\n", c, y[0], y[N - 1]);
  return 0;
}
