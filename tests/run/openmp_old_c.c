// nucc-flags: --openmp -std=gnu89
// cc-flags: -std=gnu89 -fopenmp -w
/* openmp_old_c.c — legacy OpenMP C left untouched: implicit int, a call
 * before its declaration, a K&R definition, C89 declarations, pragmas
 * guarded by #ifdef _OPENMP, a reduction and a parallel region.  Read with
 * --openmp -std=gnu89; the output, the reduction's host code included,
 * builds with cc -std=gnu89 -fopenmp. */
#include <stdio.h>
#include <stdlib.h>

main() {
  int n = 500, i, j;
  double *a, s;
  a = (double *)malloc(sizeof(double) * n);
  for (i = 0; i < n; i++)
    a[i] = (double)(i % 17);
#ifdef _OPENMP
#pragma omp parallel for private(j)
#endif
  for (i = 0; i < n; i++) {
    double t = 0;
    for (j = 0; j < 4; j++)
      t += a[i] * j;
    a[i] = t;
  }
  s = 0;
#pragma omp parallel
  {
#pragma omp for reduction(+ : s)
    for (i = 0; i < n; i++)
      s += a[i];
  }
  report(a, n, s);
  free(a);
  return 0;
}

report(a, n, s) double *a;
int n;
double s;
{ printf("sum %.1f a[0] %.1f a[n-1] %.1f\n", s, a[0], a[n - 1]); }
