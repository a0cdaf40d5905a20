// nucc-flags: --openmp
// nucc-kernels: 3
/* openmp_target_plain_cc.c — a `target ...` loop makes its own threads: its
 * launch must not stand under `omp single` (only an orphaned `omp for`'s
 * does), or the output, built without -fopenmp as cc builds it here (with
 * -Werror=unknown-pragmas), stops at the pragma. */
#include <stdio.h>

#define N 1000
float a[N], b[N];

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = (float)(i % 7);
#pragma omp target teams distribute parallel for map(to : a) map(from : b)
  for (int i = 0; i < N; i++)
    b[i] = a[i] * 3 + 1;
#pragma omp target parallel for
  for (int i = 0; i < N; i++)
    a[i] = b[N - 1 - i] - a[i];
  double s = 0;
#pragma omp target teams loop reduction(+ : s)
  for (int i = 0; i < N; i++)
    s += a[i] * (i % 3);
  printf("%.1f\n", s);
  return 0;
}
