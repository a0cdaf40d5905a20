/* macro_ends_statement.c — nests whose last statement ends in a macro's
 * argument, as PolyBench writes its constants (`/ SCALAR_VAL(9.0)`): clang's
 * extent of such a statement stops where the macro's name begins, and the
 * launch code once cut the loop there (host mode's copy of the loop ended in
 * `/` before `}`: the output did not compile, issue 23 item 3).  A bare
 * `work` on a 9-point Gauss-Seidel sweep in time, the same sweep's `work` on
 * the i loop inside a time loop, and a plain `work` whose statement ends in a
 * nested invocation with a comment and a character `)` in its argument. */
#include <stdio.h>
#include <stdlib.h>

#define N 38
#define SCALAR_VAL(x) x
#define ID(x) x
#define TWICE(x) (2 * (x))

static double A[N][N], B[N][N];
static double v[N * N], w[N * N];

static void seidel_2d(int tsteps, int n, double A[N][N]) {
  int t, i, j;
#pragma nu work
  for (t = 0; t <= tsteps - 1; t++)
    for (i = 1; i <= n - 2; i++)
      for (j = 1; j <= n - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j] +
                   A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) /
                  SCALAR_VAL(9.0);
}

static void seidel_in_time(int tsteps, int n, double B[N][N]) {
  for (int t = 0; t < tsteps; t++)
#pragma nu work
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = (B[i - 1][j - 1] + B[i - 1][j] + B[i - 1][j + 1] + B[i][j - 1] + B[i][j] +
                   B[i][j + 1] + B[i + 1][j - 1] + B[i + 1][j] + B[i + 1][j + 1]) /
                  SCALAR_VAL(9.0);
}

static void scale(int n) {
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    w[i] = ID(v[i] + TWICE(v[i] /* a comment ) */) + (')' - 41));
}

int main(int argc, char **argv) {
  int tsteps = argc > 1 ? atoi(argv[1]) : 6;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = ((double)i * (j + 2) + 2) / N;
      B[i][j] = (double)((i * 7 + j * 3) % 10) * 0.25;
      v[i * N + j] = (double)((i + 5 * j) % 13);
    }
  seidel_2d(tsteps, N, A);
  seidel_in_time(tsteps, N, B);
  scale(N * N);
  double sa = 0, sb = 0, sw = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      sa += A[i][j] * (i + 1) * (j % 5 + 1);
      sb += B[i][j] * (i % 3 + 1) * (j + 1);
      sw += w[i * N + j] * (j % 7 + 1);
    }
  printf("A %.10e %.10e %.10e\n", sa, A[1][1], A[N / 2][N / 3]);
  printf("B %.10e %.10e %.10e\n", sb, B[1][1], B[N - 2][N - 2]);
  printf("w %.10e %.10e\n", sw, w[N * N - 1]);
  return 0;
}
