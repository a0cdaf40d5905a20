/* 2mm.c — D = alpha*A*B*C + beta*D through a temporary tmp = alpha*A*B.
 * Legacy constructs: fixed-size array parameters, C89 declarations, the
 * chain work(8,8) dmine(2,2) on the first product (unroll-and-jam of a nest
 * that accumulates in place), a C89 temporary s in the second product. */
#include <math.h>
#include <stdio.h>

#define NI 26
#define NJ 31
#define NK 23
#define NL 29

static double tmp[NI][NJ], A[NI][NK], B[NK][NJ], C[NJ][NL], D[NI][NL];

void kernel_2mm(int ni, int nj, int nk, int nl, double alpha, double beta, double tmp[NI][NJ],
                double A[NI][NK], double B[NK][NJ], double C[NJ][NL], double D[NI][NL]) {
  int i, j, k;
  double s;

#pragma nu work(8, 8) dmine(2, 2)
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      tmp[i][j] = 0.0;
      for (k = 0; k < nk; k++)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }

#pragma nu work(16, 16)
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++) {
      s = D[i][j] * beta;
      for (k = 0; k < nj; k++)
        s += tmp[i][k] * C[k][j];
      D[i][j] = s;
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
      A[i][j] = (double)((i * j + 1) % NI) / NI;
  for (i = 0; i < NK; i++)
    for (j = 0; j < NJ; j++)
      B[i][j] = (double)(i * (j + 1) % NJ) / NJ;
  for (i = 0; i < NJ; i++)
    for (j = 0; j < NL; j++)
      C[i][j] = (double)((i * (j + 3) + 1) % NL) / NL;
  for (i = 0; i < NI; i++)
    for (j = 0; j < NL; j++)
      D[i][j] = (double)(i * (j + 2) % NK) / NK;
  kernel_2mm(NI, NJ, NK, NL, 1.5, 1.2, tmp, A, B, C, D);
  checksum("tmp", &tmp[0][0], NI * NJ);
  checksum("D", &D[0][0], NI * NL);
  return 0;
}
