// nucc-kernels: 2
/* host_nest_after_kernel.c — a nest whose annotations only transform host
 * code (no `work`: a standalone tile) reads an array a kernel just wrote
 * and writes one the host reads next: the output syncs it as the
 * statement it replaces, above its pragma line (it read the device's stale
 * copy's host side: b[50] was 1 for 51). */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 1000;
  float *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  static float s[100], t[100];
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    a[i] = i * 0.5f;
#pragma nu work(32)
  for (int i = 0; i < 100; i++)
    s[i] = i;
#pragma nu tile(8)
  for (int i = 0; i < n; i++)
    b[i] = a[i] + 1;
#pragma nu tile(8)
  for (int i = 0; i < 100; i++)
    t[i] = s[i] + 1;
  printf("%g %g %g %g\n", b[50], b[n - 1], t[50], t[99]);
  free(a), free(b);
  return 0;
}
