// nucc-flags: --openmp
// cc-flags: -std=c11 -fopenmp
// nucc-kernels: 1
/* openmp_region_threads.c — a `parallel` region that holds no loop nucc
 * offloads keeps its pragma (with a warning), so a build of the output with
 * -fopenmp runs it on as many threads as the original: omp_get_num_threads()
 * inside agrees, and a region whose threads meet at a barrier still ends.
 * The region around the `omp for` loop, which becomes a kernel, is dropped. */
#include <omp.h>
#include <stdio.h>

int main(void) {
  int n = 500, seen = 0, threads = 0, after = 0;
  float a[500];
#pragma omp parallel num_threads(3)
  {
#pragma omp atomic
    seen++;
#pragma omp barrier
#pragma omp single
    threads = omp_get_num_threads();
#pragma omp atomic
    after += seen;
  }
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      a[i] = (float)(i % 7) * 0.5f;
  }
  printf("threads %d seen %d after %d a %g %g\n", threads, seen, after, a[3], a[n - 1]);
  return 0;
}
