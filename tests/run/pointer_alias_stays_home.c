// nucc-flags: --openmp -Wno-nucc-omp-host
// cc-flags: -std=c11 -fopenmp
// nucc-kernels: 1
/* Pointers declared in an OpenMP loop's body (`double *row = &A[i][0];`,
 * `const double *p = x + i * N;`, issue 24 §5): nucc does not follow them
 * into their arrays yet, so the loop stays on the host with a warning; it
 * once became a kernel that took them for local arrays and did not build. */
#include <stdio.h>

#define N 64

int main(void) {
  static double A[N][N], x[N * N], y[N];
  for (int i = 0; i < N * N; i++)
    x[i] = (i * 5) % 13;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    double *row = &A[i][0];
    for (int j = 0; j < N; j++)
      row[j] = x[i * N + j] * 2;
  }
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    const double *p = x + i * N;
    double s = 0;
    for (int j = 0; j < N; j++)
      s += p[j];
    y[i] = s;
  }
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    y[i] += A[i][i];
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += A[i][j] * (i + j + 1);
  for (int i = 0; i < N; i++)
    s += y[i] * (i % 3);
  printf("%.1f\n", s);
  return 0;
}
