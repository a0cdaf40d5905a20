/* sum_opt.c — bench row "sum", optimised form: the loop of sum_base.c with the
 * work-group size given at run time (default 1024).  nucc's reduction launches at
 * most 1024 work-groups; each work-item sums a grid-stride slice in a register,
 * each work-group its items in __local memory, and the host adds the partials.
 * Rate: GB/s counting 4 bytes per element.  The values are multiples of 1/16,
 * so that small sums are exact in any order.
 * Usage: sum_opt [N [INNER [WG]]]   (default 2^28 5 1024) */
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
  int n = argc > 1 ? atoi(argv[1]) : 1 << 28;
  int inner = argc > 2 ? atoi(argv[2]) : 5;
  int wg = argc > 3 ? atoi(argv[3]) : 1024;
  float *a = malloc((size_t)n * sizeof(float));
  if (n < 1 || inner < 1 || wg < 1 || !a)
    return 2;
  for (int i = 0; i < n; i++)
    a[i] = (float)(i % 16) / 16.0f;
  float s = 0.0f;

  double best = 1e30;
  for (int rep = 0; rep < 6; rep++) { /* rep 0 warms up */
    double t0 = now_ms();
    for (int it = 0; it < inner; it++) {
      s = 0.0f;
      /* >>> transformations to try (not measured yet): work(wg) dmine(4) <<< */
#pragma nu work(wg)
      for (int i = 0; i < n; i++)
        s += a[i];
    }
#pragma nu wait
    double t = (now_ms() - t0) / inner;
    if (rep > 0 && t < best)
      best = t;
  }
  printf("sum n=%d sum %.6e\n", n, s);
  fprintf(stderr, "best time: %.4f ms, %.2f GB/s (work-group %d)\n", best, 4.0 * n / (best * 1e6),
          wg);
  free(a);
  return 0;
}
