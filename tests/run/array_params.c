/* array_params.c — parameters in array syntax are pointers (C11 6.7.6.3p7):
 * fixed sizes from macros, C99 VLAs, `static` and qualified forms, and a
 * parameter whose written outer length is larger than the part the loops
 * touch.  Each buffer's extent comes from the subscripts, never from sizeof
 * of the parameter (which is the size of a pointer). */
#include <stdio.h>

#define NI 23
#define NJ 31

static void scale_fixed(int ni, int nj, double C[NI][NJ], const double y[NJ], double alpha) {
  int i, j;
#pragma nu work(8, 8)
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++)
      C[i][j] = C[i][j] * alpha + y[j];
}

static void add_vla(int n, int m, double A[n][m], double B[const n][m]) {
  int i, j;
#pragma nu work(4, 16)
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      A[i][j] += B[i][j] * (i + 1);
}

static void shift_static(int n, float out[static 100], const float in[static 100]) {
  int i;
#pragma nu work(32)
  for (i = 1; i < n; i++)
    out[i] = in[i - 1] + in[i];
}

/* Only rows 2..9 of a 40-row parameter are touched. */
static void rows(double T[40][NJ]) {
  int i, j;
#pragma nu work(4, 8)
  for (i = 2; i < 10; i++)
    for (j = 0; j < NJ; j++)
      T[i][j] = i * 100 + j;
}

int main(void) {
  static double C[NI][NJ], A[NI][NJ], B[NI][NJ], T[40][NJ];
  static double y[NJ];
  static float out[100], in[100];
  int i, j;
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++) {
      C[i][j] = i - j;
      A[i][j] = i * j % 7;
      B[i][j] = (i + 2 * j) % 5;
    }
  for (j = 0; j < NJ; j++)
    y[j] = j * 0.25;
  for (i = 0; i < 100; i++)
    in[i] = (float)(i % 13);
  for (i = 0; i < 40; i++)
    for (j = 0; j < NJ; j++)
      T[i][j] = -1;
  scale_fixed(NI, NJ, C, y, 1.5);
  add_vla(NI, NJ, A, B);
  shift_static(100, out, in);
  rows(T);
  double sc = 0, sa = 0, so = 0, st = 0;
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++) {
      sc += C[i][j] * (i + 1);
      sa += A[i][j] * (j + 1);
    }
  for (i = 0; i < 100; i++)
    so += out[i] * (i % 3 + 1);
  for (i = 0; i < 40; i++)
    for (j = 0; j < NJ; j++)
      st += T[i][j] * ((i + j) % 4);
  printf("C %.6g\nA %.6g\nout %.6g\nT %.6g\n", sc, sa, so, st);
  printf("C[22][30] %.6g A[22][30] %.6g T[9][30] %.6g\n", C[22][30], A[22][30], T[9][30]);
  return 0;
}
