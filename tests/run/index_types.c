/* index_types.c — mapped loop indices of other integer types than int:
 * long, unsigned, size_t, short and unsigned char counters, and a long
 * bound.  Proves the index is rebuilt in its own type inside the kernel
 * (wrap-around and conversions included). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 300;
  long ln = n;
  size_t un = (size_t)n;
  long *a = malloc((size_t)n * sizeof *a);
  unsigned *b = malloc((size_t)n * sizeof *b);
  double *c = malloc((size_t)n * sizeof *c);
  short *d = malloc(200 * sizeof *d);
  int *e = malloc(256 * sizeof *e);

#pragma nu work(64)
  for (long i = 0; i < ln; i++)
    a[i] = i * 4000000000L - 7;

#pragma nu work(64)
  for (unsigned i = 0; i < (unsigned)n; i++)
    b[i] = (i - 5u) * 3u; /* wraps for i < 5 */

#pragma nu work(64)
  for (size_t i = 0; i < un; i++)
    c[i] = (double)i / 3.0;

#pragma nu work(64)
  for (short i = 0; i < 200; i++)
    d[i] = (short)(i * i % 1000 - 500);

#pragma nu work(64)
  for (unsigned char i = 0; i < 255; i++)
    e[i] = i * 2 + 1;

  long sa = 0, sd = 0, se = 0;
  unsigned long sb = 0;
  double sc = 0.0;
  for (int i = 0; i < n; i++) {
    sa += a[i] % 1000;
    sb += b[i];
    sc += c[i];
  }
  for (int i = 0; i < 200; i++)
    sd += d[i] * (i + 1);
  for (int i = 0; i < 255; i++)
    se += e[i];
  printf("n=%d long %ld unsigned %lu size_t %.6e short %ld uchar %ld\n", n, sa, sb, sc, sd, se);
  printf("a[n-1]=%ld b[0]=%u b[n-1]=%u d[199]=%d e[254]=%d\n", a[n - 1], b[0], b[n - 1], d[199],
         e[254]);
  free(a), free(b), free(c), free(d), free(e);
  return 0;
}
