/* sgemm.c — C = A·B, n×n floats, one work-item per element (examples/sgemm.c's
 * nest), run `reps` + 1 times: the first moves A and B to the device(s), the
 * others are timed, so the table compares kernels, not uploads.
 * Usage: sgemm [n [reps]]   (default 8192, 3) */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

static void gemm(int n, float (*a)[n], float (*b)[n], float (*c)[n]) {
#pragma nu work(16, 16)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float s = 0.0f;
      for (int k = 0; k < n; k++)
        s += a[i][k] * b[k][j];
      c[i][j] = s;
    }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 8192, reps = argc > 2 ? atoi(argv[2]) : 3;
  if (n < 1 || reps < 1) {
    fprintf(stderr, "usage: sgemm [n >= 1 [reps >= 1]]\n");
    return 2;
  }
  float(*a)[n] = malloc(sizeof(float[n][n]));
  float(*b)[n] = malloc(sizeof(float[n][n]));
  float(*c)[n] = malloc(sizeof(float[n][n]));
  if (!a || !b || !c)
    return 1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      a[i][j] = 0.5f + (float)((i * 7 + j * 3) % 29) / 29.0f;
      b[i][j] = (float)((i * 5 + j * 11) % 31) / 31.0f;
    }
  printf("sgemm n=%d reps=%d\n", n, reps);
  gemm(n, a, b, c);
#pragma nu wait
  double t0 = now_ms();
  for (int r = 0; r < reps; r++)
    gemm(n, a, b, c);
#pragma nu wait
  double t1 = now_ms();
  double sum = 0.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      sum += c[i][j];
  printf("checksum %.6e\n", sum);
  printf("c[0][0]=%.6e c[n/2][n/3]=%.6e\n", c[0][0], c[n / 2][n / 3]);
  printf("kernel time: %.3f ms (%.1f GFLOP/s)\n", (t1 - t0) / reps,
         2.0 * n * n * (double)n * reps / ((t1 - t0) * 1e6 + 1e-9));
  free(a);
  free(b);
  free(c);
  return 0;
}
