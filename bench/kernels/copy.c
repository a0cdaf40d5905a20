/* copy.c — the bandwidth reference of the suite: the plain OpenCL copy kernel
 * b[i] = a[i] over N floats (default 2^26), one work-item per element.
 * Rate: GB/s counting 8 bytes per element (one read, one write).
 * Usage: copy [N [INNER]] */
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
  long n = argc > 1 ? atol(argv[1]) : 1L << 26;
  int inner = argc > 2 ? atoi(argv[2]) : 10;
  float *a = malloc(n * sizeof(float)), *b = malloc(n * sizeof(float));
  if (n < 1 || inner < 1 || !a || !b)
    return 2;
  for (long i = 0; i < n; i++)
    a[i] = (float)(i % 1000);

  double best = 1e30;
  for (int rep = 0; rep < 6; rep++) { /* rep 0 warms up */
    double t0 = now_ms();
    for (int it = 0; it < inner; it++) {
#pragma nu work(256)
      for (long i = 0; i < n; i++)
        b[i] = a[i];
    }
#pragma nu wait
    double t = (now_ms() - t0) / inner;
    if (rep > 0 && t < best)
      best = t;
  }
  double sum = 0.0;
  for (long i = 0; i < n; i++)
    sum += b[i];
  printf("copy n=%ld checksum %.6e\n", n, sum);
  fprintf(stderr, "best time: %.4f ms, %.2f GB/s\n", best, 8.0 * n / (best * 1e6));
  free(a), free(b);
  return 0;
}
