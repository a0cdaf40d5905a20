// nucc-flags: -std=gnu89
// cc-flags: -std=gnu89 -w
/* old_c_gnu89.c — legacy C as gcc 12 accepts it by default, ported by
 * swapping `omp parallel for` for `work`: implicit int, a function called
 * before its declaration, a K&R definition, C89 declarations.  nucc reads
 * it as cc does (the warnings stay warnings) and its output, a reduction's
 * host code included, compiles with -std=gnu89 (no `for (int ...)`). */
#include <stdio.h>
#include <stdlib.h>

main() {
  int n = 300, i;
  float *a, s;
  a = (float *)malloc(sizeof(float) * n);
  for (i = 0; i < n; i++)
    a[i] = (float)(i % 13);
#pragma nu work(32)
  for (i = 0; i < n; i++)
    a[i] = a[i] * 2 + 1;
  s = 0;
#pragma nu work(64)
  for (i = 0; i < n; i++)
    s += a[i];
  show(a, n, s);
  free(a);
  return 0;
}

show(a, n, s) float *a;
int n;
double s;
{
  int i;
  double t = 0;
  for (i = 0; i < n; i++)
    t += a[i] * (i % 3);
  printf("sum %.1f weighted %.1f a[n-1] %.1f\n", s, t, a[n - 1]);
}
