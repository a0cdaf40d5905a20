// nucc-kernels: 1
/* A helper that walks a buffer with a loop whose bound is data (the count
 * stored in the row's first element) reads elements nucc cannot name at the
 * call.  The loop writes nothing of that array, so no read can conflict with
 * a write, and its extent is the heap block it lies in, found at the launch
 * (docs/runtime.md, "Heap extents"); once refused. */
#include <stdio.h>
#include <stdlib.h>

static float sum(const float *p) {
  float s = 0;
  for (int k = 1; k <= (int)p[0]; k++)
    s += p[k];
  return s;
}

static void rows(const float *a, float *out, int n, int m) {
#pragma nu work(16)
  for (int i = 0; i < n; i++)
    out[i] = sum(&a[i * m]);
}

int main(void) {
  int n = 300, m = 9;
  float *a = malloc((size_t)(n * m) * sizeof *a), *out = malloc((size_t)n * sizeof *out);
  for (int i = 0; i < n; i++) {
    a[i * m] = (float)(i % m);
    for (int k = 1; k < m; k++)
      a[i * m + k] = (float)((i * 7 + k * 3) % 11);
  }
  rows(a, out, n, m);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += out[i] * (i % 5 + 1);
  printf("%.1f\n", s);
  free(a);
  free(out);
  return 0;
}
