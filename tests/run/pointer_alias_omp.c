// nucc-flags: --openmp
// cc-flags: -std=c11 -fopenmp
// nucc-kernels: 6
/* Pointers declared in an OpenMP loop's body into an array (issue 24 §5):
 * a row of a 2-D array (`double *row = &A[i][0];`, `const double *a =
 * A[i];`), an offset into a flat one (`double *q = y + i * M;`), a pointer
 * made from another (`mid + 1`), used as p[j], *p and *(p + j - 1).  nucc
 * writes each use as the array's own subscript, so the dependence test and
 * the copies see the real elements; these loops once stayed on the host. */
#include <stdio.h>

#define N 48
#define M 40

int main(void) {
  static double A[N][M], B[N][M], x[N * M], y[N * M], v[M], w[N];
  for (int i = 0; i < N * M; i++)
    x[i] = (i * 5) % 13 - 6;
  for (int j = 0; j < M; j++)
    v[j] = (j * 3) % 7 - 2;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    double *row = &A[i][0];
    for (int j = 0; j < M; j++)
      row[j] = x[i * M + j] * 2 + i;
  }
  /* a five-point stencil through three row pointers and a fourth */
#pragma omp parallel for
  for (int i = 1; i < N - 1; i++) {
    const double *up = A[i - 1], *mid = A[i], *down = &A[i + 1][0];
    const double *right = mid + 1;
    double *out = B[i];
    for (int j = 1; j < M - 1; j++)
      out[j] = up[j] + down[j] + *(mid + j - 1) + right[j] - 4 * *(mid + j);
  }
  /* matrix-vector product through a row */
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    const double *a = A[i];
    double s = 0;
    for (int j = 0; j < M; j++)
      s += a[j] * v[j];
    w[i] = s;
  }
  /* a 1-D offset that writes, and one element through *p */
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    double *q = y + i * M;
    const double *p = x + i * M;
    for (int j = 0; j < M; j++)
      q[j] = p[j] * p[j] - j;
    double *first = q;
    *first += w[i];
  }
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    double *r = &B[i][1];
    *r -= 1.5 * w[i];
  }
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s += A[i][j] * (i + j + 1) + B[i][j] * ((i + j) % 3) + y[i * M + j] * (j % 5);
  for (int i = 0; i < N; i++)
    s += w[i] * (i % 3);
  printf("%.1f\n", s);
  return 0;
}
