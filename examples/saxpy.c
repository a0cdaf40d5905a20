/* saxpy.c — y = a*x + y on n floats, the "hello world" of offloading.
 * One work-item per element: `#pragma nu work(256)` on the single loop.
 * Usage: saxpy [n]          (default n = 16777216)
 * Prints the size, a checksum and a few elements of y, and the kernel time. */
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
  int n = argc > 1 ? atoi(argv[1]) : 1 << 24;
  if (n < 1) {
    fprintf(stderr, "usage: saxpy [n >= 1]\n");
    return 2;
  }
  float a = 2.5f;
  float *x = malloc((size_t)n * sizeof *x);
  float *y = malloc((size_t)n * sizeof *y);
  if (!x || !y) {
    fprintf(stderr, "saxpy: out of memory\n");
    return 1;
  }
  for (int i = 0; i < n; i++) {
    x[i] = (float)((i % 101) * 37 % 101 - 50) / 50.0f;
    y[i] = (float)(i % 17) / 16.0f;
  }
  printf("saxpy n=%d a=%g\n", n, a);

  double t0 = now_ms();
#pragma nu work(256)
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
#pragma nu wait
  double t1 = now_ms();

  /* Host code reads y: the runtime copies it back first. */
  double sum = 0.0, asum = 0.0;
  for (int i = 0; i < n; i++) {
    sum += y[i];
    asum += y[i] < 0 ? -y[i] : y[i];
  }
  printf("checksum %.6e abs %.6e\n", sum, asum);
  printf("y[0]=%.6f y[n/2]=%.6f y[n-1]=%.6f\n", y[0], y[n / 2], y[n - 1]);
  printf("kernel time: %.3f ms\n", t1 - t0);
  free(x);
  free(y);
  return 0;
}
