/* helper_private_array.c — a local array of the loop body handed to
 * helpers that loop over it: fill() writes it and total() reads it with a
 * constant trip count, window() reads a run of it from an offset.  The
 * array is each work-item's own (__private), so the helpers' copies take
 * __private pointers and nothing of it becomes a buffer; the same total()
 * is also handed a buffer's row, and gets a __global copy beside it. */
#include <stdio.h>
#include <stdlib.h>

#define K 4

static void fill(float *v, int n, float x) {
  for (int k = 0; k < n; k++)
    v[k] = x * (float)(k + 1);
}

static float total(const float *v, int n) {
  float s = 0;
  for (int k = 0; k < n; k++)
    s += v[k];
  return s;
}

static float window(const float *v, int from, int len) {
  float s = 0;
  for (int k = from; k < from + len; k++)
    s += v[k] * (float)(k - from + 1);
  return s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 211;
  float *a = malloc(sizeof(float) * (size_t)n);
  float *out = malloc(sizeof(float) * (size_t)n);
  float *rows = malloc(sizeof(float) * (size_t)(n * K));
  for (int i = 0; i < n; i++)
    a[i] = (float)(i % 13) * 0.5f;
  for (int i = 0; i < n * K; i++)
    rows[i] = (float)(i % 9);

#pragma nu work(32)
  for (int i = 0; i < n; i++) {
    float sum[K];
    fill(sum, K, a[i]);
    sum[i % K] += 1.0f;
    out[i] = total(sum, K) + window(sum, 1, K - 1) + total(&rows[i * K], K);
  }

  double s = 0;
  for (int i = 0; i < n; i++)
    s += out[i] * (i % 6 + 1);
  printf("%.3f %.3f %.3f\n", s, out[0], out[n - 1]);
  free(a);
  free(out);
  free(rows);
  return 0;
}
