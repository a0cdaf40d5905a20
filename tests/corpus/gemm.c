/* gemm.c — C = alpha*A*B + beta*C, updated in place.
 * Legacy constructs: array parameters with fixed sizes from macros
 * (double C[NI][NJ]), C89 declarations at the top of the function, an inner
 * reduction loop into C[i][j], and the chain work(8,8) dmine(2,1). */
#include <math.h>
#include <stdio.h>

#define NI 29
#define NJ 33
#define NK 31

static double C[NI][NJ], A[NI][NK], B[NK][NJ];

void kernel_gemm(int ni, int nj, int nk, double alpha, double beta, double C[NI][NJ],
                 double A[NI][NK], double B[NK][NJ]) {
  int i, j, k;

#pragma nu work(8, 8) dmine(2, 1)
  /* Every (i, j) owns C[i][j]: both loops are parallel; dmine(2,1) gives
     each work-item two rows and jams the k loop. */
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      C[i][j] *= beta;
      for (k = 0; k < nk; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
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
    for (j = 0; j < NJ; j++)
      C[i][j] = (double)((i * j + 1) % 11) / 11.0;
  for (i = 0; i < NI; i++)
    for (j = 0; j < NK; j++)
      A[i][j] = (double)(i * (j + 1) % 13) / 13.0;
  for (i = 0; i < NK; i++)
    for (j = 0; j < NJ; j++)
      B[i][j] = (double)((i + 2) * j % 17) / 17.0;
  kernel_gemm(NI, NJ, NK, 1.5, 1.2, C, A, B);
  checksum("C", &C[0][0], NI * NJ);
  return 0;
}
