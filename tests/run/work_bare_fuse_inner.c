// nucc-kernels: 11
/* work_bare_fuse_inner.c — nests whose body scales a row and then updates
 * it inside a k loop (`for j S0; for k for j S1`, legacy GEMM and SYRK):
 * isl's schedule runs the two j loops together, so a bare `work` puts
 * permut(2,1) on the update's loop (j out of k) and fuses the two: one
 * kernel per nest, as PPCG makes, where fission made two.  The GEMM is
 * then blocked (cache, dmine: 3 kernels with their remainders), the SYRK
 * lower triangle (j <= i) is one.  The last nest's update starts at j = 1:
 * the headers differ, fuse refuses, and isl's schedule is read as a kernel
 * per statement (2).  An update two loops deep (`for k for l for j`) is
 * permuted to `for j for k for l` and fused (1).  An update that reads the
 * scaling's next element (C[i][j + 1]) cannot run with it: isl shifts it
 * against the scaling, and nucc makes a kernel per statement (2).  Where
 * isl distributes the body and keeps the scaling with the update in one
 * piece, that piece is fused the same way (`fuse on piece 1`), a kernel per
 * piece (2).  Results checked against the sequential build. */
#include <stdio.h>

#define N 53
#define M 37

static double A[N][M], B[M][N], C[N][N], S[N][N], T[N][N], E[N][N], D[N][N], W[M][M][N];

static void gemm(double alpha, double beta) {
#pragma nu work
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      C[i][j] *= beta;
    for (int k = 0; k < M; k++)
      for (int j = 0; j < N; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

static void syrk(double alpha, double beta) {
#pragma nu work
  for (int i = 0; i < N; i++) {
    for (int j = 0; j <= i; j++)
      S[i][j] *= beta;
    for (int k = 0; k < M; k++)
      for (int j = 0; j <= i; j++)
        S[i][j] += alpha * A[i][k] * A[j][k];
  }
}

static void shifted(double beta) {
#pragma nu work
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      T[i][j] *= beta;
    for (int k = 0; k < M; k++)
      for (int j = 1; j < N; j++)
        T[i][j] += A[i][k] * A[j][k];
  }
}

static void deep(void) {
#pragma nu work
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      E[i][j] = 1.0;
    for (int k = 0; k < M; k++)
      for (int l = 0; l < M; l++)
        for (int j = 0; j < N; j++)
          E[i][j] += W[k][l][j] * A[i][k];
  }
}

static void reads_ahead(void) {
#pragma nu work
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      T[i][j] *= 2.0;
    for (int k = 0; k < M; k++)
      for (int j = 0; j < N - 1; j++)
        D[i][j] += T[i][j + 1] * A[j][k];
  }
}

static void two_pieces(void) {
#pragma nu work
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      C[i][j] *= 0.5;
    for (int k = 0; k < M; k++)
      for (int j = 0; j < N; j++)
        C[i][j] += A[i][k] * B[k][j];
    for (int l = 0; l < M; l++)
      for (int j = 0; j < N; j++)
        D[i][j] += C[i][j] * A[i][l];
  }
}

static void sums(const char *what, const double *p, int n) {
  double s = 0.0, w = 0.0;
  for (int i = 0; i < n; i++) {
    s += p[i];
    w += p[i] * (double)(i % 13 + 1);
  }
  printf("%s %.6e %.6e %.6e\n", what, s, w, p[n / 2]);
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int k = 0; k < M; k++)
      A[i][k] = (double)((i * 5 + k * 11) % 19) / 9.0 - 1.0;
  for (int k = 0; k < M; k++)
    for (int j = 0; j < N; j++)
      B[k][j] = (double)((k * 3 + j * 7) % 29) / 14.0 - 1.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] = (double)((i + 2 * j) % 7) - 3.0;
      S[i][j] = (double)((3 * i + j) % 5) - 2.0;
      T[i][j] = (double)((i + j) % 3) - 1.0;
      D[i][j] = (double)((i * j) % 4);
    }
  for (int k = 0; k < M; k++)
    for (int l = 0; l < M; l++)
      for (int j = 0; j < N; j++)
        W[k][l][j] = (double)((k + l + j) % 5) - 2.0;
  gemm(1.5, 0.5);
  gemm(-0.25, 2.0);
  sums("gemm", &C[0][0], N * N);
  syrk(0.75, 1.5);
  sums("syrk", &S[0][0], N * N);
  shifted(0.5);
  sums("shifted", &T[0][0], N * N);
  deep();
  sums("deep", &E[0][0], N * N);
  reads_ahead();
  sums("ahead T", &T[0][0], N * N);
  sums("ahead D", &D[0][0], N * N);
  two_pieces();
  sums("pieces C", &C[0][0], N * N);
  sums("pieces D", &D[0][0], N * N);
  return 0;
}
