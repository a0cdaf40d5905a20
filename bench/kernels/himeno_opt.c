/* himeno_opt.c — bench row "himeno", optimised form: the loops of himeno_base.c
 * with the stencil under dmine(1, 1, 2), the copy loop under vector(1, 1, 4)
 * and the work-group shape (i, j, k extents) given at run time (default
 * 1 × 4 × 64); run_gpu.sh tries a few.  IxJxK gives the arrays' extents
 * (gpu-himeno's MIDDLE is 128x128x256, its LARGE 256x256x512).  Rate: GFLOP/s
 * at 34 flops per point.
 * Usage: himeno_opt [XS|S|M|L|IxJxK [INNER [WI WJ WK]]]   (default M 10 1 4 64) */
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
  int wi = argc > 5 ? atoi(argv[3]) : 1, wj = argc > 5 ? atoi(argv[4]) : 4;
  int wk = argc > 5 ? atoi(argv[5]) : 64;
  int f = !strcmp(size, "XS")  ? 1
          : !strcmp(size, "S") ? 2
          : !strcmp(size, "M") ? 4
          : !strcmp(size, "L") ? 8
                               : 0;
  int imax = 64 * f, jmax = 32 * f, kmax = 32 * f;
  if (f == 0 && (sscanf(size, "%dx%dx%d", &imax, &jmax, &kmax) != 3 || imax < 3 || jmax < 3 ||
                 kmax < 3))
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
  if (wi < 1 || wj < 1 || wk < 1 || !p || !bnd || !wrk1 || !wrk2 || !a || !b || !c)
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
      /* two points of k per work-item: --tune's choice at L (1,375-1,385
       * GFLOP/s against 1,277-1,280 on the H100, bench/results/tune-h100.txt),
       * and at M since a reduction strides less where its work-items would
       * not fill a quarter of the device (1,253-1,272 against 1,247-1,255,
       * bench/results/red-stride-h100.txt) */
#pragma nu work(wi, wj, wk) dmine(1, 1, 2)
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
#pragma nu work(wi, wj, wk) vector(1, 1, 4)
      /* four points of k per work-item as one float4: the copy takes 0.092
       * ms a launch at 256x256x512 against 0.105 under dmine(2, 1, 1), the
       * chain before (H100, 2026-11-27, bench/results/index32-h100.txt) */
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
  fprintf(stderr, "best time: %.4f ms, %.2f GFLOP/s (work-group %d x %d x %d)\n", best,
          34.0 * (imax - 2) * (jmax - 2) * (kmax - 2) / (best * 1e6), wi, wj, wk);
  free(p), free(bnd), free(wrk1), free(wrk2), free(a), free(b), free(c);
  return 0;
}
