/* sgemm.c — C = A·B for n×n single-precision matrices.
 * One work-item per element of C: `#pragma nu work(16,16)` maps the i,j nest
 * to a 2-D NDRange; each work-item runs the k loop into a local accumulator.
 * Usage: sgemm [n]          (default n = 2048) */
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
  if (n < 1) {
    fprintf(stderr, "usage: sgemm [n >= 1]\n");
    return 2;
  }
  /* Pointers to VLA rows: a[i][j] subscripts, one contiguous block each. */
  float(*a)[n] = malloc(sizeof(float[n][n]));
  float(*b)[n] = malloc(sizeof(float[n][n]));
  float(*c)[n] = malloc(sizeof(float[n][n]));
  if (!a || !b || !c) {
    fprintf(stderr, "sgemm: out of memory\n");
    return 1;
  }
  /* Positive entries keep every element of C well conditioned. */
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      a[i][j] = 0.5f + (float)((i * 7 + j * 3) % 29) / 29.0f;
      b[i][j] = (float)((i * 5 + j * 11) % 31) / 31.0f;
    }
  printf("sgemm n=%d\n", n);

  double t0 = now_ms();
#pragma nu work(16, 16)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float s = 0.0f;
      for (int k = 0; k < n; k++)
        s += a[i][k] * b[k][j];
      c[i][j] = s;
    }
#pragma nu wait
  double t1 = now_ms();

  double sum = 0.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      sum += c[i][j];
  printf("checksum %.6e\n", sum);
  printf("c[0][0]=%.6e c[n/2][n/3]=%.6e c[n-1][n-1]=%.6e\n", c[0][0], c[n / 2][n / 3],
         c[n - 1][n - 1]);
  printf("kernel time: %.3f ms (%.2f GFLOP/s)\n", t1 - t0,
         2.0 * n * n * (double)n / ((t1 - t0) * 1e6 + 1e-9));
  free(a);
  free(b);
  free(c);
  return 0;
}
