/* 3mm.c — E = A*B; F = C*D; G = E*F.
 * Legacy constructs: fixed-size array parameters, one C89 temporary w
 * shared by the three nests (private per (i, j) in each), and the chains
 * work(8,8) dmine(2,1) (w must be renamed per copy) and work(4,4) tile(4,4). */
#include <math.h>
#include <stdio.h>

#define NI 22
#define NJ 25
#define NK 27
#define NL 21
#define NM 24

static double E[NI][NJ], A[NI][NK], B[NK][NJ];
static double F[NJ][NL], C[NJ][NM], D[NM][NL];
static double G[NI][NL];

void kernel_3mm(int ni, int nj, int nk, int nl, int nm, double E[NI][NJ], double A[NI][NK],
                double B[NK][NJ], double F[NJ][NL], double C[NJ][NM], double D[NM][NL],
                double G[NI][NL]) {
  int i, j, k;
  double w;

#pragma nu work(8, 8) dmine(2, 1)
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      w = 0.0;
      for (k = 0; k < nk; k++)
        w += A[i][k] * B[k][j];
      E[i][j] = w;
    }

#pragma nu work(4, 4) tile(4, 4)
  for (i = 0; i < nj; i++)
    for (j = 0; j < nl; j++) {
      w = 0.0;
      for (k = 0; k < nm; k++)
        w += C[i][k] * D[k][j];
      F[i][j] = w;
    }

#pragma nu work(16, 16)
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++) {
      w = 0.0;
      for (k = 0; k < nj; k++)
        w += E[i][k] * F[k][j];
      G[i][j] = w;
    }
}

static void checksum(const char *name, const double *p, int count) {
  double s = 0.0, w = 0.0;
  int k;
  for (k = 0; k < count; k++) {
    s += p[k];
    w += fabs(p[k]) * (double)(k % 7 + 1);
  }
  printf("%s %.6g %.6g %.6g\n", name, s, w, p[count / 3]);
}

int main(void) {
  int i, j;
  for (i = 0; i < NI; i++)
    for (j = 0; j < NK; j++)
      A[i][j] = (double)((i * j + 1) % NI) / (5 * NI);
  for (i = 0; i < NK; i++)
    for (j = 0; j < NJ; j++)
      B[i][j] = (double)((i * (j + 1) + 2) % NJ) / (5 * NJ);
  for (i = 0; i < NJ; i++)
    for (j = 0; j < NM; j++)
      C[i][j] = (double)(i * (j + 3) % NL) / (5 * NL);
  for (i = 0; i < NM; i++)
    for (j = 0; j < NL; j++)
      D[i][j] = (double)((i * (j + 2) + 2) % NK) / (5 * NK);
  kernel_3mm(NI, NJ, NK, NL, NM, E, A, B, F, C, D, G);
  checksum("E", &E[0][0], NI * NJ);
  checksum("F", &F[0][0], NJ * NL);
  checksum("G", &G[0][0], NI * NL);
  return 0;
}
