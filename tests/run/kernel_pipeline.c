/* kernel_pipeline.c — a chain of kernels where each reads what the previous
 * one wrote (normalise, smooth, threshold, count per block) with no host
 * access in between, repeated in a loop.  Proves launches stay in order and
 * intermediate arrays need no copy to the host.  All values are multiples of
 * 2^-11, so the thresholds see bit-identical inputs on every device. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2048;
  int rounds = argc > 2 ? atoi(argv[2]) : 4;
  int nb = (n + 63) / 64;
  float *raw = malloc((size_t)n * sizeof *raw);
  float *norm = malloc((size_t)n * sizeof *norm);
  float *smooth = calloc((size_t)n, sizeof *smooth);
  int *mask = calloc((size_t)n, sizeof *mask);
  int *count = malloc((size_t)nb * sizeof *count);
  unsigned s = 7u;
  for (int i = 0; i < n; i++) {
    s = s * 1103515245u + 12345u;
    raw[i] = (float)((s >> 16) & 1023) / 1024.0f;
  }
  for (int r = 0; r < rounds; r++) {
#pragma nu work(128)
    for (int i = 0; i < n; i++)
      norm[i] = (raw[i] - 0.5f) * 2.0f;
#pragma nu work(128)
    for (int i = 1; i < n - 1; i++)
      smooth[i] = 0.25f * norm[i - 1] + 0.5f * norm[i] + 0.25f * norm[i + 1];
#pragma nu work(128)
    for (int i = 1; i < n - 1; i++)
      mask[i] = smooth[i] > 0.1f ? 1 : (smooth[i] < -0.1f ? -1 : 0);
      /* The inner bound is a min: tell the extent of mask instead of relying on
       * inference from `i < (b + 1) * 64`, which would overshoot. */
#pragma nu work(16) size(mask : n)
    for (int b = 0; b < nb; b++) {
      int c = 0;
      for (int i = b * 64; i < (b + 1) * 64 && i < n - 1; i++)
        if (i > 0)
          c += mask[i];
      count[b] = c;
    }
#pragma nu work(128)
    for (int i = 0; i < n; i++)
      raw[i] = raw[i] * 0.5f + 0.25f;
  }
  long total = 0;
  for (int b = 0; b < nb; b++)
    total += (long)count[b] * (b + 1);
  double ss = 0.0;
  for (int i = 1; i < n - 1; i++)
    ss += smooth[i] * smooth[i];
  printf("n=%d rounds=%d blocks=%d\n", n, rounds, nb);
  printf("weighted counts %ld sum sq %.6e\n", total, ss);
  printf("count[0]=%d count[nb-1]=%d raw[0]=%g\n", count[0], count[nb - 1], raw[0]);
  free(raw), free(norm), free(smooth), free(mask), free(count);
  return 0;
}
