/* copy_rates.c — issue 25 §2: the rate of nurt's copies against a pinned
 * copy's, in one run (NU_PROFILE=1 prints both).  A 256 MiB array goes up
 * whole at the first launch and comes back whole for the host's sum: with
 * page protection (the default) through the pinned bounce buffer, a few
 * MiB per fault; with NU_LAZY=0 straight from and to pageable memory.
 * It also prints the wall time of the host's sum, copy back included. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 64L << 20;
  float *a = malloc(sizeof(float) * (size_t)n);
  if (!a)
    return 1;
  for (long i = 0; i < n; i++)
    a[i] = (float)(i % 1000);
#pragma nu work(256)
  for (long i = 0; i < n; i++)
    a[i] = 2.0f * a[i] + 1.0f;
  double t0 = now(), s = 0; /* the clock waits for the kernel (NU_TIMERS) */
  for (long i = 0; i < n; i++)
    s += a[i];
  double t1 = now();
  printf("%.6e\n", s);
  fprintf(stderr, "the host's sum, with the copy back: %.3f ms, %.2f GB/s\n", (t1 - t0) * 1e3,
          (double)n * sizeof *a / (t1 - t0) * 1e-9);
  /* again, the array home: the sum's own time, to take from the first */
  double s2 = 0;
  for (long i = 0; i < n; i++)
    s2 += a[i];
  double t2 = now();
  printf("%.6e\n", s2);
  fprintf(stderr, "the host's sum again, the array home: %.3f ms; the copy back took %.3f ms\n",
          (t2 - t1) * 1e3, ((t1 - t0) - (t2 - t1)) * 1e3);
  free(a);
  return 0;
}
