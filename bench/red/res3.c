/* res3.c (bench/red): a 3-D reduction of middling weight, the squared residual
 * of a 7-point stencil (8 loads per point), between dot2.c's two loads and
 * Himeno's twenty: where a work-item's stride over the outer loop stops
 * paying for its registers (bench/results/red-flat-h100.txt).
 * Usage: res3 [N [INNER]] (default 256 20). */
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
  int n = argc > 1 ? atoi(argv[1]) : 256, inner = argc > 2 ? atoi(argv[2]) : 20;
  if (n < 3 || inner < 1)
    return 2;
  float(*p)[n][n] = malloc(sizeof(float[n][n][n]));
  float(*f)[n][n] = malloc(sizeof(float[n][n][n]));
  if (!p || !f)
    return 2;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        p[i][j][k] = (float)((i * 7 + j * 3 + k) % 11) * 0.1f, f[i][j][k] = (float)((i + k) % 5);
  double s = 0, best = 1e30;
  for (int rep = 0; rep < 6; rep++) {
    double t0 = now_ms();
    for (int it = 0; it < inner; it++) {
      s = 0;
#pragma nu work(1, 4, 64)
      for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
          for (int k = 1; k < n - 1; k++) {
            float r =
                f[i][j][k] - (6.0f * p[i][j][k] - p[i - 1][j][k] - p[i + 1][j][k] - p[i][j - 1][k] -
                              p[i][j + 1][k] - p[i][j][k - 1] - p[i][j][k + 1]);
            s += r * r;
          }
    }
#pragma nu wait
    double t = (now_ms() - t0) / inner;
    if (rep > 0 && t < best)
      best = t;
  }
  printf("res3 %d s %.6e\n", n, s);
  fprintf(stderr, "best time: %.4f ms, %.2f GB/s\n", best, 8.0 * n * n * n / (best * 1e6));
  return 0;
}
