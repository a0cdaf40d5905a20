/* exit_with_kernel_pending.c — kernels launched right before exit, with no
 * data to move: their inner loops run zero times here, so the exact regions
 * of a and b are empty and nothing makes the host wait.  The runtime must not
 * leave a kernel being compiled when the driver's own static objects are
 * destroyed at exit (PoCL compiled it in a worker thread and crashed). */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  (void)argv;
  int n = 1000, m = argc - 1; /* no arguments: m = 0 */
  float *a = calloc((size_t)n * 4, sizeof(float)), *b = calloc((size_t)n * 4, sizeof(float));
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < (m < 4 ? m : 4); j++)
      b[i * 4 + j] = a[i * 4 + j] * 2.0f;
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < (m < 4 ? m : 4); j++) {
      float s = 0;
      for (int q = 0; q < 3; q++)
        s += a[i * 4 + j] * (float)q;
      b[i * 4 + j] = s;
    }
  printf("launched, m = %d\n", m);
  free(a); /* neither is read: the kernels may still be queued here */
  free(b);
  return 0;
}
