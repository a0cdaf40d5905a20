/* nbody_opt.c — bench row "nbody", optimised form: the loop of nbody_base.c
 * restructured for occupancy: 65536 work-items fill a quarter of an H100's
 * thread slots, so the j loop is split into NC chunks, mapped as a second
 * NDRange dimension (NC × n work-items, each summing n / NC bodies into
 * partial arrays), and a second nest adds the NC partials of each body.  The
 * work-group size WG and NC are given at run time (default 256 and 4).
 * Rate: GFLOP/s at 20 flops per interaction, as for the base form.
 * Usage: nbody_opt [N [INNER [NC WG]]]   (default 65536 1 4 256) */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 65536;
  int inner = argc > 2 ? atoi(argv[2]) : 1;
  int nc = argc > 4 ? atoi(argv[3]) : 4, wg = argc > 4 ? atoi(argv[4]) : 256;
  float *x = malloc(n * sizeof(float)), *y = malloc(n * sizeof(float));
  float *z = malloc(n * sizeof(float)), *m = malloc(n * sizeof(float));
  float *ax = malloc(n * sizeof(float)), *ay = malloc(n * sizeof(float));
  float *az = malloc(n * sizeof(float));
  if (n < 1 || inner < 1 || nc < 1 || wg < 1 || !x || !y || !z || !m || !ax || !ay || !az)
    return 2;
  float(*px)[n] = malloc(sizeof(float[nc][n]));
  float(*py)[n] = malloc(sizeof(float[nc][n]));
  float(*pz)[n] = malloc(sizeof(float[nc][n]));
  if (!px || !py || !pz)
    return 2;
  int len = (n + nc - 1) / nc; /* bodies per chunk */
  for (int i = 0; i < n; i++) {
    x[i] = (float)(i % 97) / 97.0f, y[i] = (float)(i % 89) / 89.0f;
    z[i] = (float)(i % 83) / 83.0f, m[i] = (1.0f + (float)(i % 7)) / (float)n;
  }
  const float eps2 = 0.01f;

  double best = 1e30;
  for (int rep = 0; rep < 6; rep++) { /* rep 0 warms up */
    double t0 = now_ms();
    for (int it = 0; it < inner; it++) {
      /* >>> transformations: once nucc has cache, try cache(x, y, z, m) here <<< */
#pragma nu work(1, wg)
      for (int c = 0; c < nc; c++)
        for (int i = 0; i < n; i++) {
          float xi = x[i], yi = y[i], zi = z[i];
          float sx = 0.0f, sy = 0.0f, sz = 0.0f;
          int j1 = (c + 1) * len < n ? (c + 1) * len : n;
          for (int j = c * len; j < j1; j++) {
            float dx = x[j] - xi, dy = y[j] - yi, dz = z[j] - zi;
            float inv = 1.0f / sqrtf(dx * dx + dy * dy + dz * dz + eps2);
            float s = m[j] * inv * inv * inv;
            sx += s * dx;
            sy += s * dy;
            sz += s * dz;
          }
          px[c][i] = sx, py[c][i] = sy, pz[c][i] = sz;
        }
#pragma nu work(wg)
      for (int i = 0; i < n; i++) {
        float sx = 0.0f, sy = 0.0f, sz = 0.0f;
        for (int c = 0; c < nc; c++)
          sx += px[c][i], sy += py[c][i], sz += pz[c][i];
        ax[i] = sx, ay[i] = sy, az[i] = sz;
      }
    }
#pragma nu wait
    double t = (now_ms() - t0) / inner;
    if (rep > 0 && t < best)
      best = t;
  }
  double sum = 0.0;
  for (int i = 0; i < n; i++)
    sum += fabs((double)ax[i]) + fabs((double)ay[i]) + fabs((double)az[i]);
  printf("nbody n=%d checksum %.6e ax[n-1]=%.6f\n", n, sum, ax[n - 1]);
  fprintf(stderr, "best time: %.4f ms, %.2f GFLOP/s (%d chunks, work-group %d)\n", best,
          20.0 * n * n / (best * 1e6), nc, wg);
  free(x), free(y), free(z), free(m), free(ax), free(ay), free(az), free(px), free(py), free(pz);
  return 0;
}
