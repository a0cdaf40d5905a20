/* dot2.c (bench/red): a 2-D reduction whose variable is overwritten before every launch and read
 * once at the end, the case where nurt leaves the groups' partials to the host
 * (bench/results/red-finish-h100.txt, call 8).  Usage: dot2 [N [INNER]] (default 4096 20). */
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
  int n = argc > 1 ? atoi(argv[1]) : 4096, inner = argc > 2 ? atoi(argv[2]) : 20;
  float(*a)[n] = malloc(sizeof(float[n][n]));
  float(*b)[n] = malloc(sizeof(float[n][n]));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i][j] = (float)((i + j) % 7), b[i][j] = (float)((i * j) % 5) * 0.5f;
  double s = 0, best = 1e30;
  for (int rep = 0; rep < 6; rep++) {
    double t0 = now_ms();
    for (int it = 0; it < inner; it++) {
      s = 0;
#pragma nu work(4, 64)
      for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
          s += a[i][j] * b[i][j];
    }
#pragma nu wait
    double t = (now_ms() - t0) / inner;
    if (rep > 0 && t < best)
      best = t;
  }
  printf("dot2 %d s %.6e\n", n, s);
  fprintf(stderr, "best time: %.4f ms, %.2f GB/s\n", best, 8.0 * n * n / (best * 1e6));
  return 0;
}
