/* nbody_base.c — bench row "nbody", base form: all-pairs softened gravity on n
 * bodies (float), one work-item per body summing over all bodies, `work(256)`
 * as in examples/nbody.c.  The accelerations go to arrays, so every repetition
 * computes the same result.  Rate: GFLOP/s at 20 flops per interaction.
 * Usage: nbody_base [N [INNER]]   (default 65536) */
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
  float *x = malloc(n * sizeof(float)), *y = malloc(n * sizeof(float));
  float *z = malloc(n * sizeof(float)), *m = malloc(n * sizeof(float));
  float *ax = malloc(n * sizeof(float)), *ay = malloc(n * sizeof(float));
  float *az = malloc(n * sizeof(float));
  if (n < 1 || inner < 1 || !x || !y || !z || !m || !ax || !ay || !az)
    return 2;
  for (int i = 0; i < n; i++) {
    x[i] = (float)(i % 97) / 97.0f, y[i] = (float)(i % 89) / 89.0f;
    z[i] = (float)(i % 83) / 83.0f, m[i] = (1.0f + (float)(i % 7)) / (float)n;
  }
  const float eps2 = 0.01f;

  double best = 1e30;
  for (int rep = 0; rep < 6; rep++) { /* rep 0 warms up */
    double t0 = now_ms();
    for (int it = 0; it < inner; it++) {
#pragma nu work(256)
      for (int i = 0; i < n; i++) {
        float sx = 0.0f, sy = 0.0f, sz = 0.0f;
        for (int j = 0; j < n; j++) {
          float dx = x[j] - x[i], dy = y[j] - y[i], dz = z[j] - z[i];
          float inv = 1.0f / sqrtf(dx * dx + dy * dy + dz * dz + eps2);
          float s = m[j] * inv * inv * inv;
          sx += s * dx;
          sy += s * dy;
          sz += s * dz;
        }
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
  fprintf(stderr, "best time: %.4f ms, %.2f GFLOP/s\n", best, 20.0 * n * n / (best * 1e6));
  free(x), free(y), free(z), free(m), free(ax), free(ay), free(az);
  return 0;
}
