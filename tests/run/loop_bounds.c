/* loop_bounds.c — every canonical loop form under work: `<=`, `>`, `>=`,
 * `!=`, non-zero and negative lower bounds, steps `i += 3`, `i = i + 2`,
 * `i -= 4`, `++i`, and bounds that are expressions of other scalars.  Proves
 * each work-item gets exactly one iteration's index value. */
#include <stdio.h>
#include <stdlib.h>

#define N 100

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : N;
  int lo = n / 7, off = 5;
  int *a = calloc((size_t)n + 1, sizeof *a); /* indices 0..n */
  int *b = calloc((size_t)n, sizeof *b);
  int *c = calloc((size_t)n, sizeof *c);
  int *d = calloc((size_t)n, sizeof *d);
  int *e = calloc((size_t)n, sizeof *e);
  int *f = calloc((size_t)n, sizeof *f);
  int *g = calloc((size_t)n, sizeof *g);

#pragma nu work(32)
  for (int i = 0; i <= n; i++)
    a[i] = i + 1;

#pragma nu work(32)
  for (int i = lo; i < n; i += 3)
    b[i] = 7 * i;

#pragma nu work(32)
  for (int i = n - 1; i > lo; i -= 4)
    c[i] = i - lo;

#pragma nu work(16)
  for (int i = 1; i <= n - off; i = i + 2)
    d[i + off - 1] = 2 * i;

#pragma nu work(16)
  for (int i = -off; i < n - off; ++i)
    e[i + off] = i * i;

#pragma nu work(16)
  for (int i = lo; i != n; i++)
    f[i] = -i;

#pragma nu work(16)
  for (long i = n - 1; i >= lo + 2; i--)
    g[i] = (int)(i % 9);

  long s = 0;
  for (int i = 0; i < n; i++)
    s +=
        (long)(i + 1) * (a[i] + 3 * b[i] + 5 * c[i] + 7 * d[i] + 11 * e[i] + 13 * f[i] + 17 * g[i]);
  printf("n=%d lo=%d a[n]=%d\n", n, lo, a[n]);
  printf("weighted sum %ld\n", s);
  for (int i = 0; i < 12; i++)
    printf("%d: %d %d %d %d %d %d %d\n", i + lo, a[i + lo], b[i + lo], c[i + lo], d[i + lo],
           e[i + lo], f[i + lo], g[i + lo]);
  free(a), free(b), free(c), free(d), free(e), free(f), free(g);
  return 0;
}
