// nucc-flags: --openmp -Wno-nucc-omp-host
// cc-flags: -std=c11 -fopenmp
// nucc-kernels: 1
/* Pointers declared in an OpenMP loop's body that nucc cannot follow into
 * their arrays exactly (issue 24 §5): one that walks (p++), one whose
 * offset reads memory the loop may change, one into a row that a flat index may carry past
 * its end.  Those loops stay on the host with a warning; they once became
 * kernels that took the pointers for local arrays and did not build. */
#include <stdio.h>

#define N 64

int main(void) {
  static double A[N][N], x[N * N], y[N], z[N];
  for (int i = 0; i < N * N; i++)
    x[i] = (i * 5) % 13;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    const double *p = x + i * N;
    double s = 0;
    for (int j = 0; j < N; j++, p++)
      s += *p * (j % 3);
    y[i] = s;
  }
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    const double *p = x + (int)y[i] % N;
    z[i] = p[0];
  }
#pragma omp parallel for
  for (int i = 0; i < N / 2; i++) {
    double *row = &A[2 * i][0];
    for (int j = 0; j < 2 * N; j++)
      row[j] = x[2 * i * N + j] * 2;
  }
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    y[i] += A[i][i] + z[i];
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += A[i][j] * (i + j + 1);
  for (int i = 0; i < N; i++)
    s += y[i] * (i % 3);
  printf("%.1f\n", s);
  return 0;
}
