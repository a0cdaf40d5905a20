/* gemm_legacy.c — bench row "legacy GEMM": C = alpha*A*B + beta*C written as
 * old code writes it (C89 declarations, array parameters, the update of
 * C[i][j] inside the k loop, PolyBench's loop order) with `work(16, 16)` and
 * nothing else; built with -DTILED (-DTILED=42 for double) the same loop
 * with the annotations a tuning user adds: register blocking by dmine and
 * the k-tiles of A and B staged in __local memory by cache.
 * Rate: GFLOP/s at 2n³ flops.
 * Usage: gemm_legacy [N [INNER]]   (default 2048; N a multiple of 16 up to NMAX) */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef DATA_TYPE
#define DATA_TYPE float
#endif
#define NMAX 4096

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

static void kernel_gemm(int ni, int nj, int nk, DATA_TYPE alpha, DATA_TYPE beta,
                        DATA_TYPE C[NMAX][NMAX], DATA_TYPE A[NMAX][NMAX], DATA_TYPE B[NMAX][NMAX]) {
  int i, j, k;
#if !defined(TILED)
#pragma nu work(16, 16)
#elif TILED == 42
#pragma nu work(16, 16) dmine(4, 2) cache(A, B)
#else
#pragma nu work(16, 16) dmine(8, 4) cache(A, B)
#endif
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      C[i][j] *= beta;
      for (k = 0; k < nk; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2048;
  int inner = argc > 2 ? atoi(argv[2]) : 1;
  if (n < 1 || n > NMAX || inner < 1)
    return 2;
  DATA_TYPE(*A)[NMAX] = malloc(sizeof(DATA_TYPE[NMAX][NMAX]));
  DATA_TYPE(*B)[NMAX] = malloc(sizeof(DATA_TYPE[NMAX][NMAX]));
  DATA_TYPE(*C)[NMAX] = malloc(sizeof(DATA_TYPE[NMAX][NMAX]));
  if (!A || !B || !C)
    return 2;
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      A[i][j] = (DATA_TYPE)((i * j + 1) % n) / n;
      B[i][j] = (DATA_TYPE)((i * (j + 1) + 2) % n) / n;
      C[i][j] = (DATA_TYPE)((i * (j + 2) + 3) % n) / n;
    }
  double best = 1e30;
  for (int rep = 0; rep < 6; rep++) { /* rep 0 warms up */
    double t0 = now_ms();
    for (int it = 0; it < inner; it++)
      kernel_gemm(n, n, n, (DATA_TYPE)1.5, (DATA_TYPE)1.2 / (rep * inner + it + 1), C, A, B);
#pragma nu wait
    double t = (now_ms() - t0) / inner;
    if (rep > 0 && t < best)
      best = t;
  }
  double sum = 0.0;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      sum += C[i][j] * ((i + j) % 7);
  printf("checksum %.6e\n", sum);
  printf("best time: %.3f ms, %.1f GFLOP/s\n", best, 2.0 * n * n * (double)n / best / 1e6);
  free(A);
  free(B);
  free(C);
  return 0;
}
