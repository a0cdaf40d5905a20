/* host_kernel_alternate.c — one array updated alternately by kernels and by
 * host code inside a time loop: a kernel writes a, the host changes a[0] and
 * reads a[n-1], a second kernel reads a.  Proves the runtime copies back
 * before each host access and up again after each host write (no stale data
 * in either direction). */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  int steps = argc > 2 ? atoi(argv[2]) : 6;
  float *a = malloc((size_t)n * sizeof *a);
  float *b = malloc((size_t)n * sizeof *b);
  for (int i = 0; i < n; i++) {
    a[i] = (float)(i % 10);
    b[i] = 0.0f;
  }
  double trace = 0.0;
  for (int t = 0; t < steps; t++) {
#pragma nu work(64)
    for (int i = 0; i < n; i++)
      a[i] = 0.5f * a[i] + b[i] + (float)t;

    a[0] = (float)(100 * t); /* host write of one element */
    trace += a[n - 1];       /* host read of another */
    if (t % 2 == 1)
      a[n / 2] += 1.0f; /* host read-modify-write */

#pragma nu work(64)
    for (int i = 0; i < n; i++)
      b[i] = a[i] * 0.25f + a[n - 1 - i] * 0.125f;
    printf("t=%d a[0]=%g a[n/2]=%g a[n-1]=%g b[0]=%g b[n-1]=%g\n", t, a[0], a[n / 2], a[n - 1],
           b[0], b[n - 1]);
  }
  double sa = 0.0, sb = 0.0;
  for (int i = 0; i < n; i++) {
    sa += a[i];
    sb += b[i];
  }
  printf("n=%d steps=%d trace %.6e\n", n, steps, trace);
  printf("sum a %.6e sum b %.6e\n", sa, sb);
  free(a);
  free(b);
  return 0;
}
