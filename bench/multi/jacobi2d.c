/* jacobi2d.c — Jacobi-2D, n×n floats, two nests per step (the sweep into b,
 * the copy back into a), as PolyBench's jacobi-2d.  Times `steps` steps
 * after one that moves the arrays to the device(s).
 * Usage: jacobi2d [n [steps]]   (default 8192, 200) */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

static void step(int n, float (*a)[n], float (*b)[n]) {
#pragma nu work(4, 64)
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      b[i][j] = 0.2f * (a[i][j] + a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
#pragma nu work(4, 64)
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      a[i][j] = b[i][j];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 8192, steps = argc > 2 ? atoi(argv[2]) : 200;
  if (n < 3 || steps < 1) {
    fprintf(stderr, "usage: jacobi2d [n >= 3 [steps >= 1]]\n");
    return 2;
  }
  float(*a)[n] = malloc(sizeof(float[n][n]));
  float(*b)[n] = malloc(sizeof(float[n][n]));
  if (!a || !b)
    return 1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i][j] = b[i][j] = (float)((i * 7 + j * 3) % 101) / 101.0f;
  printf("jacobi2d n=%d steps=%d\n", n, steps);
  step(n, a, b);
#pragma nu wait
  double t0 = now_ms();
  for (int t = 0; t < steps; t++)
    step(n, a, b);
#pragma nu wait
  double t1 = now_ms();
  double sum = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      sum += a[i][j];
  printf("checksum %.6e\n", sum);
  printf("a[n/2][n/3]=%.6f\n", a[n / 2][n / 3]);
  printf("kernel time: %.3f ms (%.1f GB/s)\n", t1 - t0,
         steps * 4.0 * 2 * (double)n * n / ((t1 - t0) * 1e6 + 1e-9));
  free(a);
  free(b);
  return 0;
}
