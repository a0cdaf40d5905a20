/* wavefront.c — Gauss-Seidel sweeps, where every loop carries a
 * dependence, run as hyperplanes: on each hyperplane c.I = w the host
 * launches one kernel over the loops inside, whose iterations are
 * independent.  Results checked against the sequential build. */
#include <stdio.h>
#include <stdlib.h>

#define N 37
#define T 5

static double A[N][N], B[N][N];

/* 9-point Gauss-Seidel in time: 4t + 2i + j, with the loops of t and i
 * mapped (C89 indices, read after the nest). */
static void seidel(int tsteps, int n, double A[N][N]) {
  int t, i, j;
#pragma nu work(16, 16) wavefront(4, 2, 1)
  for (t = 0; t <= tsteps - 1; t++)
    for (i = 1; i <= n - 2; i++)
      for (j = 1; j <= n - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j] +
                   A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) /
                  9.0;
  printf("seidel indices %d %d\n", t, i);
}

/* The same with t innermost on the NDRange (permut after wavefront), so
 * that neighbouring work-items touch neighbouring elements. */
static void seidel_t_inner(int tsteps, int n, double A[N][N]) {
#pragma nu work(2, 64) permut(1, 3, 2) wavefront(4, 2, 1)
  for (int t = 0; t < tsteps; t++)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j] +
                   A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) /
                  9.0;
}

/* One 5-point sweep in place: hyperplanes i + j, one loop mapped. */
static void sweep5(int n, double (*u)[n]) {
#pragma nu work(32) wavefront(1, 1)
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      u[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
}

/* Independent planes k (coefficient 0) with a recurrence in each: the
 * hyperplanes i + j of every plane at once. */
static void planes(int m, int n, double (*a)[n][n]) {
#pragma nu work(4, 16) wavefront(0, 1, 1)
  for (int k = 0; k < m; k++)
    for (int i = 1; i < n; i++)
      for (int j = 1; j < n; j++)
        a[k][i][j] = 0.5 * (a[k][i - 1][j] + a[k][i][j - 1]) + (double)k;
}

static void checksum(const char *name, const double *p, int count) {
  double s = 0.0, w = 0.0;
  for (int k = 0; k < count; k++) {
    s += p[k];
    w += p[k] * (double)(k % 7 + 1);
  }
  printf("%s %.9g %.9g %.9g\n", name, s, w, p[count / 3]);
}

int main(void) {
  /* not PolyBench's (i*(j+2)+2)/n: a bilinear grid is a fixed point of
   * the 9-point average, and the sweeps would leave it as it is */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (double)((i * 7 + j * j * 3) % 17) / 17.0 + (i == j ? 1.0 : 0.0);
      B[i][j] = A[i][j];
    }
  seidel(T, N, A);
  checksum("seidel", &A[0][0], N * N);
  seidel_t_inner(T + 2, N - 4, B);
  checksum("seidel_t_inner", &B[0][0], N * N);

  int n = 29;
  double(*u)[n] = malloc(sizeof(double) * (size_t)(n * n));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      u[i][j] = (double)((i * 5 + j * 3) % 13);
  sweep5(n, u);
  checksum("sweep5", &u[0][0], n * n);

  int m = 3, q = 11;
  double(*a)[q][q] = malloc(sizeof(double) * (size_t)(m * q * q));
  for (int k = 0; k < m; k++)
    for (int i = 0; i < q; i++)
      for (int j = 0; j < q; j++)
        a[k][i][j] = (i == 0 || j == 0) ? 1.0 + k : 0.0;
  planes(m, q, a);
  checksum("planes", &a[0][0][0], m * q * q);
  free(u);
  free(a);
  return 0;
}
