// nucc-flags: --openacc
// nucc-kernels: 2
/* Himeno's main nest (examples/himeno.c) written in OpenACC as PGI's port
 * of the benchmark is: a data region over the iterations, `kernels` with
 * `loop independent` on i, j and k (one 3-D NDRange) and a gosa
 * reduction, the copy-back nest as `parallel loop collapse(3)`, and
 * `update host` of p before the host reads it. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int imax = 17, jmax = 17, kmax = 33, nn = 6;
  float(*p)[jmax][kmax] = malloc(sizeof(float[imax][jmax][kmax]));
  float(*bnd)[jmax][kmax] = malloc(sizeof(float[imax][jmax][kmax]));
  float(*wrk1)[jmax][kmax] = malloc(sizeof(float[imax][jmax][kmax]));
  float(*wrk2)[jmax][kmax] = malloc(sizeof(float[imax][jmax][kmax]));
  float(*a)[imax][jmax][kmax] = malloc(sizeof(float[4][imax][jmax][kmax]));
  float(*b)[imax][jmax][kmax] = malloc(sizeof(float[3][imax][jmax][kmax]));
  float(*c)[imax][jmax][kmax] = malloc(sizeof(float[3][imax][jmax][kmax]));
  for (int i = 0; i < imax; i++)
    for (int j = 0; j < jmax; j++)
      for (int k = 0; k < kmax; k++) {
        a[0][i][j][k] = a[1][i][j][k] = a[2][i][j][k] = 1.0f;
        a[3][i][j][k] = 1.0f / 6.0f;
        b[0][i][j][k] = b[1][i][j][k] = b[2][i][j][k] = 0.0f;
        c[0][i][j][k] = c[1][i][j][k] = c[2][i][j][k] = 1.0f;
        p[i][j][k] = (float)(i * i) / (float)((imax - 1) * (imax - 1));
        wrk1[i][j][k] = wrk2[i][j][k] = 0.0f;
        bnd[i][j][k] = 1.0f;
      }
  const float omega = 0.8f;
  double gosa = 0.0;
#pragma acc data copyin(a [0:4], b [0:3], c [0:3], bnd [0:imax], wrk1 [0:imax]) copy(p [0:imax])   \
    create(wrk2 [0:imax])
  for (int n = 0; n < nn; n++) {
    gosa = 0.0;
#pragma acc kernels
#pragma acc loop independent reduction(+ : gosa)
    for (int i = 1; i < imax - 1; i++)
#pragma acc loop independent reduction(+ : gosa)
      for (int j = 1; j < jmax - 1; j++)
#pragma acc loop independent reduction(+ : gosa)
        for (int k = 1; k < kmax - 1; k++) {
          float s0 = a[0][i][j][k] * p[i + 1][j][k] + a[1][i][j][k] * p[i][j + 1][k] +
                     a[2][i][j][k] * p[i][j][k + 1] +
                     b[0][i][j][k] * (p[i + 1][j + 1][k] - p[i + 1][j - 1][k] - p[i - 1][j + 1][k] +
                                      p[i - 1][j - 1][k]) +
                     b[1][i][j][k] * (p[i][j + 1][k + 1] - p[i][j - 1][k + 1] - p[i][j + 1][k - 1] +
                                      p[i][j - 1][k - 1]) +
                     b[2][i][j][k] * (p[i + 1][j][k + 1] - p[i - 1][j][k + 1] - p[i + 1][j][k - 1] +
                                      p[i - 1][j][k - 1]) +
                     c[0][i][j][k] * p[i - 1][j][k] + c[1][i][j][k] * p[i][j - 1][k] +
                     c[2][i][j][k] * p[i][j][k - 1] + wrk1[i][j][k];
          float ss = (s0 * a[3][i][j][k] - p[i][j][k]) * bnd[i][j][k];
          gosa += ss * ss;
          wrk2[i][j][k] = p[i][j][k] + omega * ss;
        }
#pragma acc parallel loop collapse(3) present(p, wrk2)
    for (int i = 1; i < imax - 1; i++)
      for (int j = 1; j < jmax - 1; j++)
        for (int k = 1; k < kmax - 1; k++)
          p[i][j][k] = wrk2[i][j][k];
#pragma acc update host(p [imax / 2:1])
    printf("n %d gosa %.6e p %.6f\n", n, gosa, p[imax / 2][jmax / 2][kmax / 2]);
  }
  free(p), free(bnd), free(wrk1), free(wrk2), free(a), free(b), free(c);
  return 0;
}
