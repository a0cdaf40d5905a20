/* himeno_base.c — bench row "himeno", base form: the Jacobi iteration of
 * examples/himeno.c (19-point stencil, gosa summed, then p = wrk2) with its
 * `work(1, 2, 128)`.  Rate: GFLOP/s at 34 flops per interior point.
 * Usage: himeno_base [XS|S|M|L|IxJxK [INNER]]   (default M; INNER iterations per timing) */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

int main(int argc, char **argv) {
  const char *size = argc > 1 ? argv[1] : "M";
  int inner = argc > 2 ? atoi(argv[2]) : 10;
  int f = !strcmp(size, "XS")  ? 1
          : !strcmp(size, "S") ? 2
          : !strcmp(size, "M") ? 4
          : !strcmp(size, "L") ? 8
                               : 0;
  int imax = 64 * f, jmax = 32 * f, kmax = 32 * f;
  /* or "IxJxK", as the original Himeno's 129x129x257 (M) and 257x257x513 (L) */
  if (f == 0 &&
      (sscanf(size, "%dx%dx%d", &imax, &jmax, &kmax) != 3 || imax < 3 || jmax < 3 || kmax < 3))
    return 2;
  if (inner < 1)
    return 2;
  float(*p)[jmax][kmax] = malloc(sizeof(float[imax][jmax][kmax]));
  float(*bnd)[jmax][kmax] = malloc(sizeof(float[imax][jmax][kmax]));
  float(*wrk1)[jmax][kmax] = malloc(sizeof(float[imax][jmax][kmax]));
  float(*wrk2)[jmax][kmax] = malloc(sizeof(float[imax][jmax][kmax]));
  float(*a)[imax][jmax][kmax] = malloc(sizeof(float[4][imax][jmax][kmax]));
  float(*b)[imax][jmax][kmax] = malloc(sizeof(float[3][imax][jmax][kmax]));
  float(*c)[imax][jmax][kmax] = malloc(sizeof(float[3][imax][jmax][kmax]));
  if (!p || !bnd || !wrk1 || !wrk2 || !a || !b || !c)
    return 2;
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

  double best = 1e30;
  for (int rep = 0; rep < 6; rep++) { /* rep 0 warms up */
    double t0 = now_ms();
    for (int it = 0; it < inner; it++) {
      gosa = 0.0;
#pragma nu work(1, 2, 128)
      for (int i = 1; i < imax - 1; i++)
        for (int j = 1; j < jmax - 1; j++)
          for (int k = 1; k < kmax - 1; k++) {
            float s0 = a[0][i][j][k] * p[i + 1][j][k] + a[1][i][j][k] * p[i][j + 1][k] +
                       a[2][i][j][k] * p[i][j][k + 1] +
                       b[0][i][j][k] * (p[i + 1][j + 1][k] - p[i + 1][j - 1][k] -
                                        p[i - 1][j + 1][k] + p[i - 1][j - 1][k]) +
                       b[1][i][j][k] * (p[i][j + 1][k + 1] - p[i][j - 1][k + 1] -
                                        p[i][j + 1][k - 1] + p[i][j - 1][k - 1]) +
                       b[2][i][j][k] * (p[i + 1][j][k + 1] - p[i - 1][j][k + 1] -
                                        p[i + 1][j][k - 1] + p[i - 1][j][k - 1]) +
                       c[0][i][j][k] * p[i - 1][j][k] + c[1][i][j][k] * p[i][j - 1][k] +
                       c[2][i][j][k] * p[i][j][k - 1] + wrk1[i][j][k];
            float ss = (s0 * a[3][i][j][k] - p[i][j][k]) * bnd[i][j][k];
            gosa += ss * ss;
            wrk2[i][j][k] = p[i][j][k] + omega * ss;
          }
#pragma nu work(1, 2, 128)
      for (int i = 1; i < imax - 1; i++)
        for (int j = 1; j < jmax - 1; j++)
          for (int k = 1; k < kmax - 1; k++)
            p[i][j][k] = wrk2[i][j][k];
    }
#pragma nu wait
    double t = (now_ms() - t0) / inner;
    if (rep > 0 && t < best)
      best = t;
  }
  printf("himeno %dx%dx%d gosa %.6e p[mid]=%.6f\n", imax, jmax, kmax, gosa,
         p[imax / 2][jmax / 2][kmax / 2]);
  fprintf(stderr, "best time: %.4f ms, %.2f GFLOP/s\n", best,
          34.0 * (imax - 2) * (jmax - 2) * (kmax - 2) / (best * 1e6));
  free(p), free(bnd), free(wrk1), free(wrk2), free(a), free(b), free(c);
  return 0;
}
