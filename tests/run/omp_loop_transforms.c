// nucc-flags: --openmp -Werror=nucc-omp-ignored
// nucc-kernels: 10
/* omp_loop_transforms.c — OpenMP 5.1/6.0 loop transformations under
 * --openmp become the chain's annotations, checked and applied before the
 * loop directive above them offloads the result: `tile sizes` under a
 * `target teams distribute parallel for collapse(2)` (partial tiles),
 * `unroll partial(4)` under `parallel for` (a remainder), `unroll full` on
 * an inner loop of a kernel, `interchange` under `target parallel for`,
 * `split counts(3, omp_fill)` (peel), a bare `unroll` (left to the OpenCL
 * compiler), `reverse` under `parallel for` (read: the order is free
 * there), `tile` on the second loop of a `collapse(2)` nest (OpenMP
 * collapses i with the tile loop) and a standalone `tile` on a host loop
 * that carries a dependence (strip-mining keeps its order).
 * -Werror=nucc-omp-ignored: none may be skipped. */
#include <stdio.h>

#define N 37
#define M 1003
double a[N][N], b[N][N], t[N][N];
double x[M], y[M], p[M];
double w[M][4];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      a[i][j] = (i * 7 + j * 3) % 11 * 0.5;
  for (int i = 0; i < M; i++) {
    x[i] = (i % 13) * 0.25;
    for (int k = 0; k < 4; k++)
      w[i][k] = (i + k) % 5;
  }

#pragma omp target teams distribute parallel for collapse(2) map(to : a) map(from : b)
#pragma omp tile sizes(8, 4)
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      b[i][j] = a[i - 1][j] + a[i + 1][j] + 2 * a[i][j + 1] - a[i][j - 1];

#pragma omp parallel for
#pragma omp unroll partial(4)
  for (int i = 0; i < M; i++)
    y[i] = 3 * x[i] + 1;

#pragma omp parallel for
  for (int i = 0; i < M; i++) {
    double s = 0;
#pragma omp unroll full
    for (int k = 0; k < 4; k++)
      s += w[i][k] * (k + 1);
    y[i] += s;
  }

#pragma omp target parallel for map(tofrom : t)
#pragma omp interchange
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      t[j][i] = b[i][j] + a[j][i];

#pragma omp parallel for
#pragma omp split counts(3, omp_fill)
  for (int i = 0; i < M; i++)
    x[i] = x[i] * 2 - y[i];

#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp unroll
    for (int j = 0; j < N; j++)
      a[i][j] = t[i][j] * 0.5;
  }

#pragma omp parallel for collapse(2)
  for (int i = 0; i < N; i++)
#pragma omp tile sizes(8)
    for (int j = 0; j < N; j++)
      b[i][j] += a[j][i] * 0.125;

#pragma omp parallel for
#pragma omp reverse
  for (int i = 0; i < M; i++)
    y[i] = y[i] - x[i] * 0.25;

  p[0] = x[0];
#pragma omp tile sizes(5)
  for (int i = 1; i < M; i++)
    p[i] = p[i - 1] * 0.5 + x[i];

  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += (b[i][j] + 2 * t[i][j] + 3 * a[i][j]) * (i + 1) + j;
  for (int i = 0; i < M; i++)
    s += (x[i] + y[i] + p[i]) * (i % 7 + 1);
  printf("%.6f\n", s);
  return 0;
}
