/* free_malloc_reuse.c — an array a kernel used is freed, a new one of the
 * same size is malloc'ed (glibc usually returns the same address) and filled
 * on the host, then a kernel reads it.  Then the same with a smaller and a
 * larger block.  Proves the runtime never serves the stale device copy of a
 * freed block. */
#include <stdio.h>
#include <stdlib.h>

static void scale(int n, const float *in, float *out, float f) {
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    out[i] = in[i] * f + 1.0f;
}

static double sum(const float *p, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += p[i] * (double)(i % 3 + 1);
  return s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 5000;
  float *out = malloc((size_t)n * 2 * sizeof *out);
  float *a = malloc((size_t)n * sizeof *a);
  for (int i = 0; i < n; i++)
    a[i] = 1.0f;
  scale(n, a, out, 2.0f);
  printf("round 1: %.6e\n", sum(out, n));

  for (int round = 2; round <= 4; round++) {
    free(a);
    int m = round == 3 ? n / 2 : (round == 4 ? 2 * n : n);
    a = malloc((size_t)m * sizeof *a);
    for (int i = 0; i < m; i++)
      a[i] = (float)(round * 10 + i % 5);
    scale(m, a, out, 0.5f);
    printf("round %d (m=%d): %.6e out[0]=%g out[m-1]=%g\n", round, m, sum(out, m), out[0],
           out[m - 1]);
  }
  free(a);
  free(out);
  return 0;
}
