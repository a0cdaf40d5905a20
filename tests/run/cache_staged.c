/* cache_staged.c — cache(a, ..., k: T) stages blocks along a sequential loop
 * of the kernel's body, T iterations at a time: GEMM's k-tiles in __local
 * memory.  Legacy GEMM (C89 declarations, array parameters, C[i][j] updated
 * inside the k loop, promoted to a register) with dmine and the default
 * block of 16; a float GEMM whose copies of B are read as float4; a
 * matrix-vector product in a 1-D kernel (a 2-D block loaded
 * in one flattened loop) with a `<=` loop; a halo along the staged loop; a
 * reduction over both loops; a temporary whose last value the host reads.
 * No size divides by a work-group size or a block length.  Results match the
 * sequential run. */
#include <stdio.h>
#include <stdlib.h>

#define NI 37
#define NJ 45
#define NK 53

static void gemm(int ni, int nj, int nk, double alpha, double beta, double C[NI][NJ],
                 double A[NI][NK], double B[NK][NJ]) {
  int i, j, k;
#pragma nu work(4, 8) dmine(2, 2) cache(A, B)
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      C[i][j] *= beta;
      for (k = 0; k < nk; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
}

/* float copies read as float4 from the staged block of B */
static void sgemm(int ni, int nj, int nk, float A[][NK], float B[][NJ], float C[][NJ]) {
#pragma nu work(4, 4) dmine(2, 4) cache(A, B, k : 4)
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      float s = 0.0f;
      for (int k = 0; k < nk; k++)
        s += A[i][k] * B[k][j];
      C[i][j] = s;
    }
}

/* A read down its columns (A[k][i]), halos on both loops, and dmine's
 * copies of copies (i + 1 + 1) in the subscripts */
static void atb(int ni, int nj, int nk, float A[][NI], float B[][NJ], float C[][NJ]) {
#pragma nu work(4, 8) dmine(2, 4) cache(A, B, k : 8)
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      float s = 0.0f;
      for (int k = 1; k < nk; k++)
        s += A[k][i] * B[k - 1][j] + A[k - 1][i + 1];
      C[i][j] = s;
    }
}

static void matvec(int n, int m, float A[][NK], float *x, float *y) {
  int i, k;
#pragma nu work(16) cache(A, x, k : 8)
  for (i = 0; i < n; i++) {
    y[i] = 0.0f;
    for (k = 0; k <= m - 1; k++)
      y[i] += A[i][k] * x[k];
  }
}

/* a centred difference along the staged loop: the block has a halo */
static void diff(int n, int m, float A[][NK], float *d) {
#pragma nu work(8) cache(A, k : 4)
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int k = 1; k < m - 1; k++)
      s += A[i][k + 1] - 2.0f * A[i][k] + A[i][k - 1];
    d[i] = s;
  }
}

static double total(int n, int m, float A[][NK], float *x) {
  double sum = 0.0;
#pragma nu work(16) cache(x)
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      sum += A[i][k] * x[k];
  return sum;
}

float last_t;

static void scaled(int n, int m, float A[][NK], float *x, float *y) {
  int i, k;
  float t;
#pragma nu work(8) cache(x, k : 5)
  for (i = 0; i < n; i++) {
    t = 0.5f * (float)i;
    for (k = 0; k < m; k++)
      t += A[i][k] * x[k];
    y[i] = t;
  }
  last_t = t;
}

int main(void) {
  static double A[NI][NK], B[NK][NJ], C[NI][NJ];
  static float F[NI][NK], G[NK][NJ], H[NI][NJ], T[NK][NI], x[NK], y[NI], d[NI];
  int i, j;
  for (i = 0; i < NI; i++)
    for (j = 0; j < NK; j++) {
      A[i][j] = (double)((i * 3 + j * 7) % 11) - 5.0;
      F[i][j] = (float)((i * 5 + j * 3) % 13) - 6.0f;
    }
  for (i = 0; i < NK; i++)
    for (j = 0; j < NJ; j++) {
      B[i][j] = (double)((i * 5 + j * 2) % 13) - 6.0;
      G[i][j] = (float)((i * 7 + j * 3) % 5) - 2.0f;
    }
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++)
      C[i][j] = (double)((i + j) % 5);
  for (i = 0; i < NK; i++)
    x[i] = (float)(i % 9) - 4.0f;

  gemm(NI - 2, NJ - 1, NK - 3, 1.5, 0.5, C, A, B);
  double s = 0.0;
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++)
      s += C[i][j] * ((i + 2 * j) % 7 + 1);
  printf("gemm %.1f\n", s);

  sgemm(NI - 1, NJ - 2, NK, F, G, H);
  s = 0.0;
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++)
      s += H[i][j] * ((2 * i + j) % 5 + 1);
  printf("sgemm %.1f\n", s);

  for (i = 0; i < NK; i++)
    for (j = 0; j < NI; j++)
      T[i][j] = (float)((i * 3 + j * 5) % 7) - 3.0f;
  atb(NI - 3, NJ - 5, NK, T, G, H);
  s = 0.0;
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++)
      s += H[i][j] * ((i + 3 * j) % 4 + 1);
  printf("atb %.1f\n", s);

  matvec(NI, NK - 2, F, x, y);
  s = 0.0;
  for (i = 0; i < NI; i++)
    s += y[i] * (i % 5 + 1);
  printf("matvec %.1f\n", s);

  diff(NI - 1, NK, F, d);
  s = 0.0;
  for (i = 0; i < NI - 1; i++)
    s += d[i] * (i % 3 + 1);
  printf("diff %.1f\n", s);

  printf("total %.1f\n", total(NI, NK, F, x));

  scaled(NI, NK - 1, F, x, y);
  s = 0.0;
  for (i = 0; i < NI; i++)
    s += y[i] * (i % 4 + 1);
  printf("scaled %.1f last %.1f\n", s, last_t);
  return 0;
}
