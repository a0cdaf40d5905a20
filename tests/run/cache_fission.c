/* cache_fission.c — cache(...) on a nest that fission splits: GEMM in
 * PolyBench's loop order (C scaled by beta over j, then the k loop around
 * the j loop), with VLA parameters and macros for the bounds, made into two
 * kernels by `permut(1, 3, 2) fission`.  The first kernel reads neither A
 * nor B; the second stages both along k.  Results match the sequential run. */
#include <stdio.h>
#include <stdlib.h>

#define _PB_NI ni
#define _PB_NJ nj
#define _PB_NK nk

static void gemm(int ni, int nj, int nk, double alpha, double beta, double C[ni][nj],
                 const double A[ni][nk], const double B[nk][nj]) {
  int i, j, k;
#pragma nu work(8, 8) permut(1, 3, 2) fission cache(A, B, k : 8)
  for (i = 0; i < _PB_NI; i++) {
    for (j = 0; j < _PB_NJ; j++)
      C[i][j] *= beta;
    for (k = 0; k < _PB_NK; k++)
      for (j = 0; j < _PB_NJ; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

int main(void) {
  int ni = 37, nj = 45, nk = 29;
  double(*A)[nk] = malloc(sizeof(double[ni][nk]));
  double(*B)[nj] = malloc(sizeof(double[nk][nj]));
  double(*C)[nj] = malloc(sizeof(double[ni][nj]));
  if (!A || !B || !C)
    return 2;
  for (int i = 0; i < ni; i++)
    for (int k = 0; k < nk; k++)
      A[i][k] = (double)((i * 3 + k * 7) % 11) - 5.0;
  for (int k = 0; k < nk; k++)
    for (int j = 0; j < nj; j++)
      B[k][j] = (double)((k * 5 + j * 2) % 13) - 6.0;
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      C[i][j] = (double)((i + j) % 5);
  gemm(ni, nj, nk, 1.5, 0.5, C, (const double(*)[nk])A, (const double(*)[nj])B);
  double s = 0.0;
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      s += C[i][j] * ((i + 2 * j) % 7 + 1);
  printf("%.1f\n", s);
  free(A);
  free(B);
  free(C);
  return 0;
}
