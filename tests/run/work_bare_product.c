/* work_bare_product.c — a bare `work` on a matrix product blocks it:
 * work(16,16) cache(A, B) dmine(8,4) for floats, dmine(4,2) for doubles
 * (auto.c, block_try): each work-item computes a block of the product in
 * registers from tiles staged in __local memory.  Sizes that divide
 * neither the blocks nor the groups (remainder kernels on both loops), a
 * product written as PolyBench's gemm (a statement before the k loop, the
 * sum in C), and two nests that must keep the plain chain: one array read
 * both ways (syrk's A[i][k] * A[j][k], no tile of it follows one mapped
 * loop) and a k loop under a condition (cache stages only a loop at the
 * top of the body).  tests/golden/bare_chains.sh checks the chains chosen.
 * Results checked against the sequential build. */
#include <stdio.h>

#define NI 67
#define NJ 45
#define NK 37

static float a[NI][NK], b[NK][NJ], c[NI][NJ];
static double A[NI][NK], B[NK][NJ], C[NI][NJ], S[NI][NI];

static void sgemm(void) {
#pragma nu work
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      float s = 0.0f;
      for (int k = 0; k < NK; k++)
        s += a[i][k] * b[k][j];
      c[i][j] = s;
    }
}

/* PolyBench's form: C is scaled, then the sum goes into it */
static void dgemm(double alpha, double beta) {
#pragma nu work
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      C[i][j] *= beta;
      for (int k = 0; k < NK; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
}

/* one array read along both mapped loops: no blocking */
static void syrk(void) {
#pragma nu work
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NI; j++) {
      double s = 0.0;
      for (int k = 0; k < NK; k++)
        s += A[i][k] * A[j][k];
      S[i][j] = s;
    }
}

/* the k loop under a condition: cache refuses it, the plain chain stays */
static void guarded(int on) {
#pragma nu work
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      double s = 1.0;
      if (on)
        for (int k = 0; k < NK; k++)
          s += A[i][k] * B[k][j];
      C[i][j] = s;
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
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++) {
      a[i][k] = (float)((i * 7 + k * 3) % 17) / 8.0f + 0.25f;
      A[i][k] = (double)((i * 5 + k * 11) % 19) / 9.0 - 1.0;
    }
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++) {
      b[k][j] = (float)((k * 13 + j * 5) % 23) / 11.0f + 0.5f;
      B[k][j] = (double)((k * 3 + j * 7) % 29) / 14.0 - 1.0;
    }
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      C[i][j] = (double)((i + 2 * j) % 7) - 3.0;
  sgemm();
  double cf[NI * NJ];
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++)
      cf[i * NJ + j] = c[i][j];
  sums("sgemm", cf, NI * NJ);
  dgemm(1.5, 0.5);
  dgemm(-0.25, 2.0);
  sums("dgemm", &C[0][0], NI * NJ);
  syrk();
  sums("syrk", &S[0][0], NI * NI);
  guarded(1);
  sums("guarded", &C[0][0], NI * NJ);
  guarded(0);
  sums("guarded0", &C[0][0], NI * NJ);
  return 0;
}
