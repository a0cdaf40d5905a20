/* dgemm_base.c — bench row "dgemm", base form: C = A·B for n×n doubles, one
 * work-item per element of C, `work(16, 16)` as in examples/sgemm.c.
 * Rate: GFLOP/s at 2n³ flops.
 * Usage: dgemm_base [N [INNER]]   (default 2048) */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2048;
  int inner = argc > 2 ? atoi(argv[2]) : 1;
  double(*a)[n] = malloc(sizeof(double[n][n]));
  double(*b)[n] = malloc(sizeof(double[n][n]));
  double(*c)[n] = malloc(sizeof(double[n][n]));
  if (n < 1 || inner < 1 || !a || !b || !c)
    return 2;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      a[i][j] = 0.5 + (double)((i * 7 + j * 3) % 29) / 29.0;
      b[i][j] = (double)((i * 5 + j * 11) % 31) / 31.0;
    }

  double best = 1e30;
  for (int rep = 0; rep < 6; rep++) { /* rep 0 warms up */
    double t0 = now_ms();
    for (int it = 0; it < inner; it++) {
#pragma nu work(16, 16)
      for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
          double s = 0.0;
          for (int k = 0; k < n; k++)
            s += a[i][k] * b[k][j];
          c[i][j] = s;
        }
    }
#pragma nu wait
    double t = (now_ms() - t0) / inner;
    if (rep > 0 && t < best)
      best = t;
  }
  double sum = 0.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      sum += c[i][j] * (double)((i + 2 * j) % 5 + 1);
  printf("gemm n=%d checksum %.6e c[n-1][n-1]=%.6e\n", n, sum, c[n - 1][n - 1]);
  fprintf(stderr, "best time: %.4f ms, %.2f GFLOP/s\n", best, 2.0 * n * n * n / (best * 1e6));
  free(a), free(b), free(c);
  return 0;
}
