/* host_first_small.c — NU_HOST_FIRST at its default: a program whose bare `work` nests do
 * little runs them on the host, as written, and never starts the device (no OpenCL call: the
 * report says no device started, and there is no kernel or copy to report).  nucc asks at
 * main's start too, m and n being known there; the answer is the same, and nothing starts.
// profile-env: NU_HOST_FIRST=
// profile: ^nurt profile: no device started$
// profile: ^host first: 2 nests ran on the host in [0-9.]+ ms, within NU_HOST_FIRST's 200 ms$
// profile-absent: ^total:
// profile-absent: ^nu_main_
// profile-absent: asked at main
 */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int m = 300, n = 200;
  double *a = malloc(sizeof(double) * m * n), *x = malloc(sizeof(double) * n);
  double *t = malloc(sizeof(double) * m), *y = malloc(sizeof(double) * n);
  if (!a || !x || !t || !y)
    return 1;
  for (int j = 0; j < n; j++)
    x[j] = 1.0 + (double)j / n;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      a[i * n + j] = (double)((i + j) % 17) / m;
#pragma nu work
  for (int i = 0; i < m; i++) {
    t[i] = 0;
    for (int j = 0; j < n; j++)
      t[i] += a[i * n + j] * x[j];
  }
#pragma nu work
  for (int j = 0; j < n; j++) {
    y[j] = 0;
    for (int i = 0; i < m; i++)
      y[j] += a[i * n + j] * t[i];
  }
  double s = 0;
  for (int j = 0; j < n; j++)
    s += y[j];
  printf("%.6g %.6g\n", s, t[m / 3]);
  free(a);
  free(x);
  free(t);
  free(y);
  return 0;
}
