/* work_bare_host_trisolv.c — bare `work`s on triangular solves, on an
 * LU factorisation row by row (ludcmp's shape) and on Gauss-Seidel sweeps.
 * Each outer loop carries a dependence and stays on the host.  Forward
 * substitution: the host sets x[i], a kernel reduces the row into it, the
 * host divides by the diagonal.  The factorisation's inner loop over j
 * carries one too (A[i][j] needs A[i][k], k < j), and would stay on the
 * host around a reduction over k < j: a launch per (i, j), so that nest
 * runs on the host as written, while the loop beside it (the U part) is
 * mapped.  Gauss-Seidel's loop over j stays on the host inside the sweeps,
 * around a reduction over all k, which j does not bound.  Arrays on the
 * stack, which only the statements' syncs keep fresh.
 * tests/golden/bare_chains.sh checks the decisions. */
#include <stdio.h>

#define N 29

static void forward(int n, double L[N][N], double b[N], double x[N]) {
#pragma nu work
  for (int i = 0; i < n; i++) {
    x[i] = b[i];
    for (int j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
}

static void lu_rows(int n, double A[N][N]) {
  double w;
#pragma nu work
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      w = A[i][j];
      for (int k = 0; k < j; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w / A[j][j];
    }
    for (int j = i; j < n; j++) {
      w = A[i][j];
      for (int k = 0; k < i; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w;
    }
  }
}

static void gauss_seidel(int n, int sweeps, double M[N][N], double b[N], double x[N]) {
  double s;
#pragma nu work
  for (int it = 0; it < sweeps; it++)
    for (int j = 0; j < n; j++) {
      s = 0;
      for (int k = 0; k < n; k++)
        s += M[j][k] * x[k];
      x[j] += (b[j] - s) / M[j][j];
    }
}

int main(void) {
  double L[N][N], A[N][N], b[N], x[N];
  for (int i = 0; i < N; i++) {
    b[i] = 1.0 + (i % 5);
    for (int j = 0; j < N; j++) {
      L[i][j] = j <= i ? (i == j ? 2.0 + i % 3 : 0.25 / (1 + i - j)) : 0.0;
      A[i][j] = i == j ? (double)N : 1.0 / (1.0 + (i > j ? i - j : j - i) + (i % 3));
    }
  }
  forward(N, L, b, x);
  double s = 0;
  for (int i = 0; i < N; i++)
    s += x[i] * (double)(i % 7 + 1);
  printf("x %.9g %.9g %.9g\n", s, x[0], x[N - 1]);
  lu_rows(N, A);
  double t = 0, u = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      t += A[i][j];
      u += A[i][j] * (double)((i + 2 * j) % 7 + 1);
    }
  printf("LU %.9g %.9g %.9g\n", t, u, A[N - 1][N - 1]);
  for (int i = 0; i < N; i++) {
    x[i] = 0;
    for (int j = 0; j < N; j++)
      A[i][j] = i == j ? 4.0 + i % 3 : 1.0 / (2.0 + i + j);
  }
  gauss_seidel(N, 4, A, b, x);
  double g = 0;
  for (int i = 0; i < N; i++)
    g += x[i] * (double)(i % 4 + 1);
  printf("GS %.9g %.9g %.9g\n", g, x[0], x[N - 1]);
  return 0;
}
