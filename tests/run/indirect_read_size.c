/* indirect_read_size.c — reads through an index array (`b[i] = a[idx[i]]`, a
 * gather) where the extent of pointer `a` cannot come from the subscript and
 * is declared with `size(a: na)` (on the work line, and on a line of its own
 * stacked above it); and a gather from a fixed-size 2-D array whose extent
 * its type gives.  Reads through indirect subscripts carry no dependence: no
 * `independent` is needed. */
#include <stdio.h>
#include <stdlib.h>

static float tab[64][8];

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 300;
  int na = n + 17;
  float *a = malloc((size_t)na * sizeof *a);
  float *a2 = malloc((size_t)na * sizeof *a2);
  float *b = malloc((size_t)n * sizeof *b);
  float *c = malloc((size_t)n * sizeof *c);
  int *idx = malloc((size_t)n * sizeof *idx);
  for (int i = 0; i < na; i++) {
    a[i] = (float)(i % 31) * 0.125f;
    a2[i] = (float)(i % 11) - 5.0f;
  }
  for (int i = 0; i < 64; i++)
    for (int j = 0; j < 8; j++)
      tab[i][j] = (float)(i + j) * 0.5f;
  for (int i = 0; i < n; i++)
    idx[i] = (i * 7919 + 13) % na; /* scattered, any order */

#pragma nu work(64) size(a : na)
  for (int i = 0; i < n; i++)
    b[i] = a[idx[i]] + a[na - 1 - idx[i]] * 0.5f;

#pragma nu size(a2 : na)
#pragma nu work(32)
  for (int i = 0; i < n; i++)
    c[i] = a2[idx[i]] + tab[idx[i] % 64][(i * 5) & 7] - b[i];

  double sb = 0.0, sc = 0.0;
  for (int i = 0; i < n; i++) {
    sb += b[i] * (i % 4 + 1);
    sc += c[i] * (i % 3 + 1);
  }
  printf("n=%d na=%d\n", n, na);
  printf("b %.6e c %.6e\n", sb, sc);
  printf("b[0]=%g b[n-1]=%g c[1]=%g c[n-2]=%g\n", b[0], b[n - 1], c[1], c[n - 2]);
  free(a), free(a2), free(b), free(c), free(idx);
  return 0;
}
