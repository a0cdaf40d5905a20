// nucc-flags: --openmp
// cc-flags: -std=c11 -fopenmp
// nucc-kernels: 3
/* openmp_target_teams.c — OpenMP's offload spellings are loops as `parallel
 * for` is: `target teams distribute parallel for` with map clauses (not
 * needed: nurt moves what a kernel uses), `target parallel for` with a
 * reduction, and `teams distribute` with collapse.  Each must become a
 * kernel (nucc-kernels), not stay on the host: the results match either way. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 1000, m = 37;
  float *a = malloc(sizeof(float) * n), *b = malloc(sizeof(float) * n);
  double *c = malloc(sizeof(double) * n * m);
  for (int i = 0; i < n; i++)
    a[i] = (float)(i % 23);

#pragma omp target teams distribute parallel for map(to                                            \
                                                     : a [0:n]) map(from                           \
                                                                    : b [0:n]) num_teams(8)        \
    thread_limit(128)
  for (int i = 0; i < n; i++)
    b[i] = 2 * a[i] + 1;

  double s = 0;
#pragma omp target parallel for reduction(+ : s) map(tofrom : s)
  for (int i = 0; i < n; i++)
    s += b[i];

#pragma omp target teams distribute collapse(2) map(from : c [0:n * m])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      c[i * m + j] = b[i] * j;

  printf("b[0] %g b[n-1] %g sum %.1f c %g %g\n", b[0], b[n - 1], s, c[m + 2], c[n * m - 1]);
  free(a);
  free(b);
  free(c);
  return 0;
}
