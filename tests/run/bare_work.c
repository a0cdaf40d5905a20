/* bare_work.c — `#pragma nu work` with no arguments: nucc chooses the
 * chain.  The GEMM of legacy code (fission, then permut to bring j outside
 * k: two 2-D kernels), a SYRK-like update, a copy written column by column
 * (permut so that the innermost mapped index walks rows), a recurrence
 * down the columns (only j is parallel: permut puts it outside, i stays a
 * loop in each work-item), two adjacent loops of a row (fuse), a
 * recurrence along rows with a continue, a plain 1-D loop, and
 * reductions.  Odd sizes leave partial
 * work-groups. */
#include <stdio.h>

#define N 61
#define M 37

static double A[N][M], B[M][N], C[N][N], D[N][N];
static float x[N][N], y[N][N], z[N][N];
static float v[N * M];

static double check(double (*a)[N]) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += a[i][j] * (double)(i % 5 + 2 * (j % 3) + 1);
  return s;
}

static double checkf(float (*a)[N]) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += (double)a[i][j] * (double)(i % 7 + 3 * (j % 4) + 1);
  return s;
}

int main(void) {
  int n = N, m = M;
  double alpha = 1.5, beta = 1.2;
  for (int i = 0; i < N; i++)
    for (int k = 0; k < M; k++) {
      A[i][k] = (double)((i * 7 + k * 3) % 11) / 11.0 - 0.3;
      B[k][i] = (double)((i * 5 + k * 2) % 13) / 13.0;
    }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] = D[i][j] = (double)((i + 2 * j) % 7) / 7.0;
      x[i][j] = (float)((i * 3 + j) % 10) * 0.1f;
    }

#pragma nu work
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      C[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 0; j < n; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }

#pragma nu work
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      D[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 0; j < n; j++)
        D[i][j] += alpha * A[i][k] * A[j][k];
  }

#pragma nu work
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      y[i][j] = x[i][j] * 2.0f + (float)j;

#pragma nu work
  for (int i = 1; i < n; i++)
    for (int j = 0; j < n; j++)
      x[i][j] = x[i - 1][j] * 0.5f + x[i][j];

#pragma nu work
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      z[i][j] = x[i][j] - y[i][j];
    for (int j = 0; j < n; j++)
      z[i][j] = z[i][j] * z[i][j];
  }

  /* j carries the recurrence: only i is mapped, and the continue stays a
   * continue of the j loop (a tried chain that mapped j must not have
   * turned it into a return from the work-item) */
#pragma nu work
  for (int i = 0; i < n; i++)
    for (int j = 1; j < n; j++) {
      if (j % 3 == 0)
        continue;
      y[i][j] = y[i][j - 1] * 0.5f + 1.0f;
    }

#pragma nu work
  for (int i = 0; i < n * m; i++)
    v[i] = (float)(i % 13) * 0.5f;

  /* reductions: a clause beside a bare work, and one nucc finds itself */
  double sum = 0;
#pragma nu work reduce(+ : sum)
  for (int i = 0; i < n * m; i++)
    sum += v[i] * (float)(i % 5);
  float mx = 0;
#pragma nu work
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      if (z[i][j] > mx)
        mx = z[i][j];
  printf("sum %.9e max %.6e\n", sum, (double)mx);

  printf("gemm %.9e\n", check(C));
  printf("syrk %.9e\n", check(D));
  printf("copy and recurrence %.9e\n", checkf(y));
  printf("recurrence %.9e\n", checkf(x));
  printf("fused %.9e\n", checkf(z));
  double s = 0;
  for (int i = 0; i < N * M; i++)
    s += v[i] * (i % 3 + 1);
  printf("1-D %.9e\n", s);
  return 0;
}
