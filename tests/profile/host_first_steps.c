/* host_first_steps.c — NU_HOST_FIRST counts the steps to come: the nests inside the time
 * loop nucc keeps on the host each predict their 300 runs at the first step, 3e4 units a run
 * (three accesses over 10,000 iterations), 9 ms at nurt's prior 1 ns a unit: past a budget of
 * 5 ms, so the first step launches, and so do the others.  One step alone would have run on
 * the host.  NU_START=0: main's start does not ask first (host_first_main_loop.c does).
// profile-env: NU_HOST_FIRST=5 NU_START=0
// profile: ^nu_main_24 +.* +300 +[0-9.]+ +[0-9.]+
// profile: ^nu_main_26 +.* +300 +[0-9.]+ +[0-9.]+
// profile-absent: ^host first
// profile-absent: no device started
 */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 10000, steps = 300;
  double *a = malloc(sizeof(double) * n), *b = malloc(sizeof(double) * n);
  if (!a || !b)
    return 1;
  for (int i = 0; i < n; i++)
    a[i] = b[i] = (double)(i % 9);
#pragma nu work
  for (int t = 0; t < steps; t++) {
    for (int i = 0; i < n; i++)
      b[i] = a[i] * 0.5 + a[n - 1 - i] * 0.25;
    for (int i = 0; i < n; i++)
      a[i] = b[i] + 1.0 / (t + 1);
  }
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * (i % 4 + 1);
  printf("%.6g\n", s);
  free(a);
  free(b);
  return 0;
}
