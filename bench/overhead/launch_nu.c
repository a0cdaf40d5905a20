/* launch_nu.c — the runtime's cost per launch: an almost empty kernel (64
 * work-items each storing one float) launched N times in a row through nucc
 * and nurt, then one wait; compare with launch_cl.c, the same kernel through
 * OpenCL directly.  Prints the best time per launch over 5 timings.
 * Usage: launch_nu [N]   (default 20000) */
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
  int n = argc > 1 ? atoi(argv[1]) : 20000;
  float *a = malloc(64 * sizeof(float));
  if (n < 1 || !a)
    return 2;
  for (int i = 0; i < 64; i++)
    a[i] = 0.0f;

  double best = 1e30;
  for (int rep = 0; rep < 6; rep++) { /* rep 0 warms up */
    double t0 = now_ms();
    for (int it = 0; it < n; it++) {
#pragma nu work(64)
      for (int i = 0; i < 64; i++)
        a[i] = (float)it;
    }
#pragma nu wait
    double t = (now_ms() - t0) / n;
    if (rep > 0 && t < best)
      best = t;
  }
  printf("launch_nu a[63]=%.1f\n", a[63]);
  printf("best time: %.3f us per launch (nurt)\n", best * 1e3);
  free(a);
  return 0;
}
