/* imperfect_fission.c — imperfect nests made perfect by `fission`, then
 * reordered by annotations that apply to every piece: the GEMM of legacy
 * code (C *= beta between the parallel loops), a SYRK-like update with
 * two statements, a forward dependence between statements that
 * distribution keeps, a local that ties two statements into one piece,
 * C89 indices and temporaries declared before the nest, and fission on a
 * nest without `work`.  Odd sizes leave partial
 * work-groups and tiles. */
#include <stdio.h>

#define N 67
#define M 45

static double A[N][M], B[M][N], C[N][N], D[N][N];
static float x[N * M], y[N * M], z[N * M];

static double check(double (*a)[N]) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += a[i][j] * (double)(i % 5 + 2 * (j % 3) + 1);
  return s;
}

static void gemm(int n, int m, double alpha, double beta) {
#pragma nu work(16, 16) permut(1, 3, 2) fission
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      C[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 0; j < n; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

/* D = beta*D + alpha*A*A^T, over the whole square (rectangular loops) */
static void syrk(int n, int m, double alpha, double beta) {
#pragma nu work(8, 8) tile(4, 4) permut(1, 3, 2) fission
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      D[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 0; j < n; j++)
        D[i][j] += alpha * A[i][k] * A[j][k];
  }
}

/* y[i] is written before z reads y[i - 1]: the dependence runs forward,
 * from the first statement to the second, and survives distribution; t
 * ties the last two statements into one piece. */
static void forward(int n) {
#pragma nu work(64) fission
  for (int i = 1; i < n; i++) {
    y[i] = x[i] * 0.5f + 1.0f;
    float t = y[i - 1] - x[i];
    z[i] = t * t;
    x[i] = t;
  }
}

/* C89 style: indices declared before the nest and reused by sibling
 * loops (no value passes between the pieces through them), and a
 * temporary that ties the two statements that use it into one piece. */
static void gemm89(int n, int m, double alpha, double beta) {
  int i, j, k;
  double t;
#pragma nu work(16, 16) permut(1, 3, 2) fission
  for (i = 0; i < n; i++) {
    for (j = 0; j < n; j++)
      C[i][j] *= beta;
    for (k = 0; k < m; k++)
      for (j = 0; j < n; j++) {
        t = alpha * A[i][k];
        C[i][j] += t * B[k][j];
      }
  }
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int k = 0; k < M; k++) {
      A[i][k] = (double)((i * 7 + k * 3) % 11) / 11.0 - 0.3;
      B[k][i] = (double)((i * 5 + k * 2) % 13) / 13.0;
    }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      C[i][j] = D[i][j] = (double)((i + 2 * j) % 7) / 7.0;
  for (int i = 0; i < N * M; i++)
    x[i] = (float)(i % 17) * 0.25f;
  gemm(N, M, 1.5, 1.2);
  syrk(N, M, 0.5, 2.0);
  forward(N * M);
  printf("gemm %.9e\n", check(C));
  gemm89(N, M, 0.5, 0.75);
  printf("gemm89 %.9e\n", check(C));
  printf("syrk %.9e\n", check(D));
  double s = 0;
  for (int i = 0; i < N * M; i++)
    s += (double)x[i] + 2.0 * y[i] + 3.0 * z[i];
  printf("forward %.9e\n", s);

  /* without work: the pieces run on the host, in order */
  double r[N] = {0}, q[N];
#pragma nu fission
  for (int i = 0; i < N; i++) {
    q[i] = C[i][i] * 2.0;
    for (int j = 0; j < N; j++)
      r[i] += D[i][j] * q[i];
  }
  s = 0;
  for (int i = 0; i < N; i++)
    s += r[i] * (i + 1);
  printf("host %.9e\n", s);
  return 0;
}
