// nucc-flags: --openmp
// cc-flags: -std=c11 -fopenmp
// nucc-kernels: 3
/* openmp_helper_buffer_rows.c — helpers whose parameters point to rows
 * (double src[][NX]) handed a block of a 3-D array (a[k]) or a 2-D array
 * whole (w): the kernel hands the buffer's address cast to the rows, and
 * the elements the helper reaches (dst[j][i] is b[k][j][i] at the call)
 * are accesses of the buffer there, for the dependence test and the copy
 * ranges. */
#include <stdio.h>

#define NZ 10
#define NY 12
#define NX 16

static double a[NZ][NY][NX], b[NZ][NY][NX], w[NY][NX], c[NZ];

static void smooth(int n, double src[][NX], double dst[][NX]) {
  for (int j = 1; j < n - 1; j++)
    for (int i = 0; i < NX; i++)
      dst[j][i] = 0.25 * (src[j - 1][i] + 2 * src[j][i] + src[j + 1][i]) * w[j][i];
}

static double total(double m[][NX], int n) {
  double s = 0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < NX; i++)
      s += m[j][i] * (1 + (i + j) % 3);
  return s;
}

int main(void) {
  for (int k = 0; k < NZ; k++)
    for (int j = 0; j < NY; j++)
      for (int i = 0; i < NX; i++) {
        a[k][j][i] = (double)((k * 13 + j * 7 + i * 3) % 19) - 9.0;
        w[j][i] = 1.0 + 0.125 * ((i + 2 * j) % 5);
      }
  int k;
#pragma omp parallel for
  for (k = 0; k < NZ; k++)
    smooth(NY, a[k], b[k]);
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (k = 0; k < NZ; k++)
    s += total(b[k], NY - 1) * (k + 1);
#pragma omp parallel for
  for (k = 0; k < NZ; k++)
    c[k] = total(w, NY) * k + b[k][3][5];
  double t = 0;
  for (k = 0; k < NZ; k++)
    for (int j = 0; j < NY; j++)
      for (int i = 0; i < NX; i++)
        t += b[k][j][i] * (1 + (i * 5 + j + k) % 7);
  printf("%.6f %.6f %.6f %.6f %.6f\n", s, t, c[0], c[4], c[NZ - 1]);
  return 0;
}
