/* jacobi2d_legacy.c — bench row "Jacobi-2D": two 5-point sweeps per time
 * step, written as old code writes them (C89 declarations, array parameters,
 * the time loop around two nests), with `work(16, 16)` on each sweep.
 * Rate: GFLOP/s at 2 sweeps × 5 flops per interior point and step.
 * Usage: jacobi2d_legacy [N [STEPS]]   (default 4096, 100; N <= NMAX) */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define NMAX 4096

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

static void kernel_jacobi_2d(int tsteps, int n, float A[NMAX][NMAX], float B[NMAX][NMAX]) {
  int t, i, j;
  for (t = 0; t < tsteps; t++) {
#pragma nu work(16, 16)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        B[i][j] = 0.2f * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] + A[i - 1][j]);
#pragma nu work(16, 16)
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i][j] = 0.2f * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] + B[i - 1][j]);
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  int steps = argc > 2 ? atoi(argv[2]) : 100;
  if (n < 3 || n > NMAX || steps < 1)
    return 2;
  float(*A)[NMAX] = malloc(sizeof(float[NMAX][NMAX]));
  float(*B)[NMAX] = malloc(sizeof(float[NMAX][NMAX]));
  if (!A || !B)
    return 2;
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      A[i][j] = ((float)i * (j + 2) + 2) / n;
      B[i][j] = ((float)i * (j + 3) + 3) / n;
    }
  kernel_jacobi_2d(1, n, A, B); /* warm-up: builds, uploads */
#pragma nu wait
  double t0 = now_ms();
  kernel_jacobi_2d(steps, n, A, B);
#pragma nu wait
  double t = now_ms() - t0;
  double sum = 0.0;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      sum += A[i][j] * ((i + 2 * j) % 5);
  printf("checksum %.6e\n", sum);
  printf("best time: %.3f ms, %.1f GFLOP/s\n", t,
         2.0 * 5.0 * (n - 2) * (double)(n - 2) * steps / t / 1e6);
  free(A);
  free(B);
  return 0;
}
