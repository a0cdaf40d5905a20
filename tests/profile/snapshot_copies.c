/* A snapshot is one copy on the device per launch that reads it, and no
 * copy between host and device: the array goes up once (one copy of the
 * whole heap block, though the kernel writes x[0..n-2]), stays on the
 * device for all ten steps, and only the final read brings back what it
 * reads: the two elements x[0] and x[n-2] (issue 25 §1: freshness by
 * range; the array is in malloc's arena, not protected, so the bytes are
 * exact). */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 4096;
  float *x = malloc(sizeof(float) * (size_t)n);
  for (int i = 0; i < n; i++)
    x[i] = (float)(i % 10);
  for (int s = 0; s < 10; s++) {
#pragma nu work(64) snapshot(x)
    for (int i = 0; i < n - 1; i++)
      x[i] = 0.5f * (x[i] + x[i + 1]);
  }
  printf("%g %g\n", x[0], x[n - 2]);
  free(x);
  return 0;
}
// profile: ^snapshots: 10 copies taken on the device for snapshot\(\.\.\.\)$
// profile: ^total: 10 launches, .* to device 1 copies, 16384 bytes; to host 2 copies, 8 bytes$
