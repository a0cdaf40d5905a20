/* omp_pragma_ifdef.c — pragmas under conditional compilation, as OpenMP
 * code guards its own (#ifdef OPEN / #pragma omp parallel for / #endif),
 * with `work` in their place: a pragma the preprocessor keeps is
 * attached across the #endif, one in a skipped region is not there (the
 * loop stays on the host), #if/#else picks one of two, and the
 * directives stay in the output where they were. */
#include <stdio.h>
#include <stdlib.h>

#define OPEN
#define BLOCK 16

int main(void) {
  int n = 100;
  float *a = malloc(sizeof(float) * n), *b = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    a[i] = (float)i;
#ifdef OPEN
#pragma nu work(64)
#endif
  for (int i = 0; i < n; i++)
    b[i] = a[i] * 2;

#ifdef NOT_DEFINED /* not compiled: work(0) would be an error if nucc read it */
#pragma nu work(0)
#endif
  for (int i = 0; i < n; i++)
    a[i] = b[i] + 1;

#if BLOCK > 8
#pragma nu work(BLOCK)
#else
#pragma nu work(8, 8)
#endif
  for (int i = 0; i < n; i++)
    b[i] += a[i];

  double s = 0;
  for (int i = 0; i < n; i++)
    s += b[i] * (i % 3 + 1);
  printf("%.1f %.1f %.1f\n", s, b[0], b[n - 1]);
  free(a);
  free(b);
  return 0;
}
