/* timers_cover_kernels.c — a program that times itself measures its kernels
 * (issue 25 §3): launches are asynchronous, so before nurt's clocks waited,
 * the interval read around a long kernel held only its launch and the wait
 * fell on the first read of the result.  For each clock, the interval around
 * the launch must hold most of the time until the result is read. */
#define _DEFAULT_SOURCE /* gettimeofday */
#include <stdio.h>
#include <sys/time.h>
#include <time.h>

/* Few elements and a long chain of arithmetic each: the kernel's time must
 * dwarf the copy back of the result, which the interval does not hold (with
 * 2^20 elements and 150 steps the H100 ran the kernel in 0.04 ms and copied
 * 4 MB back in 0.34). */
enum { N = 4096 };
/* Global and whole pages, so that nurt protects it and leaves it on the
 * device across calls: a part page or a small heap array would be copied
 * back at each call, which waits for the kernel anyway. */
static _Alignas(4096) float x[N];

static double now(int which) {
  if (which <= 0) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
  }
  if (which == 1) {
    struct timeval t;
    gettimeofday(&t, NULL);
    return (double)t.tv_sec + (double)t.tv_usec * 1e-6;
  }
  struct timespec t;
  timespec_get(&t, TIME_UTC);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(void) {
  /* clock_gettime, gettimeofday, timespec_get: named without the word that
   * makes outcmp skip a line */
  static const char *const names[] = {"monotonic clock", "microsecond clock", "C11 clock"};
  double sum = 0;
  /* c = -1: the first launch builds the kernel for its sizes, not timed */
  for (int c = -1; c < 3; c++) {
    int reps = c < 0 ? 1 : 40000 + c;
    double t0 = now(c);
    /* a few tenths of a second of arithmetic on PoCL, and on the host; in
     * main, so that no return from a function waits for it */
#pragma nu work(64)
    for (int i = 0; i < N; i++) {
      float v = (float)(i % 101) * 1e-3f;
      for (int r = 0; r < reps; r++)
        v = v * 0.999f + 1e-4f * (float)(r & 7);
      x[i] = v;
    }
    double t1 = now(c);
    sum += x[N - 1]; /* the result read: here the host waits at the latest */
    double t2 = now(c);
    int covers = t1 - t0 >= 0.8 * (t2 - t0);
    if (c >= 0)
      printf("%s: the interval covers the kernel: %s\n", names[c], covers ? "yes" : "no");
  }
  printf("checksum %.4f\n", sum);
  return 0;
}
