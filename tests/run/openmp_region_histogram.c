// nucc-flags: --openmp
// cc-flags: -std=c11 -fopenmp
/* openmp_region_histogram.c — OpenMP's per-thread histogram: an array
 * declared in a parallel region, outside its `omp for`, accumulates across
 * each thread's iterations (priv[key[i]]++), and a `critical` section
 * merges the copies after the loop.  A copy per work-item would lose the
 * counts and a copy shared by all races, so nucc leaves the loop on the
 * host with a warning.  Repeated with several key patterns, so that a
 * shared copy's lost updates show in every run. */
#include <stdio.h>

#define N (1 << 21)
#define NB 16
#define REPS 100

static int key[N];
static long hist[NB];

int main(void) {
  int i, b, r;
  for (r = 0; r < REPS; r++) {
    for (i = 0; i < N; i++)
      key[i] = (i * (r + 3) + i / 7) % NB;
#pragma omp parallel
    {
      int priv[NB];
      for (b = 0; b < NB; b++)
        priv[b] = 0;
#pragma omp for
      for (i = 0; i < N; i++)
        priv[key[i]]++;
#pragma omp critical
      for (b = 0; b < NB; b++)
        hist[b] += priv[b];
    }
  }
  long total = 0;
  for (b = 0; b < NB; b++) {
    printf("%d %ld\n", b, hist[b]);
    total += hist[b];
  }
  printf("total %ld (expected %ld)\n", total, (long)N * REPS);
  return 0;
}
