/* doitgen.c — multiresolution kernel: A[r][q][p] = sum_s A[r][q][s]*C4[s][p],
 * through a 3-D scratch array, then copied back in place.
 * Legacy constructs: 3-D fixed-size array parameters (double A[NR][NQ][NP]),
 * C89 declarations, a C89 temporary, 3-D NDRanges work(2,4,8) and work(4,4,4). */
#include <math.h>
#include <stdio.h>

#define NR 9
#define NQ 11
#define NP 13

static double A[NR][NQ][NP], S[NR][NQ][NP], C4[NP][NP];

void kernel_doitgen(int nr, int nq, int np, double A[NR][NQ][NP], double C4[NP][NP],
                    double S[NR][NQ][NP]) {
  int r, q, p, s;
  double w;

#pragma nu work(2, 4, 8)
  for (r = 0; r < nr; r++)
    for (q = 0; q < nq; q++)
      for (p = 0; p < np; p++) {
        w = 0.0;
        for (s = 0; s < np; s++)
          w += A[r][q][s] * C4[s][p];
        S[r][q][p] = w;
      }

#pragma nu work(4, 4, 4)
  for (r = 0; r < nr; r++)
    for (q = 0; q < nq; q++)
      for (p = 0; p < np; p++)
        A[r][q][p] = S[r][q][p];
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
  int r, q, p, s;
  for (r = 0; r < NR; r++)
    for (q = 0; q < NQ; q++)
      for (p = 0; p < NP; p++)
        A[r][q][p] = (double)((r * q + p) % NP) / NP;
  for (s = 0; s < NP; s++)
    for (p = 0; p < NP; p++)
      C4[s][p] = (double)(s * p % NP) / NP;
  kernel_doitgen(NR, NQ, NP, A, C4, S);
  checksum("A", &A[0][0][0], NR * NQ * NP);
  return 0;
}
