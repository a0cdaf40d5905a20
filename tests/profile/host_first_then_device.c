/* host_first_then_device.c — NU_HOST_FIRST as the program goes: each nest is alone in its
 * function, so none sees the others ahead.  The small nest at line 20 runs on the host; the
 * nest at line 26, whose estimate counts the box of its loops (N times N * N iterations,
 * though each i runs one j), is predicted far past the budget and starts the device, and
 * the nest at line 33, small again, launches too.  What the host wrote reaches the kernels.
// profile-env: NU_HOST_FIRST=
// profile: ^host first: 1 nest ran on the host in [0-9.]+ ms, within NU_HOST_FIRST's 200 ms; then
// profile: ; then the nest at .*host_first_then_device.c:26, predicted at [0-9.]+ ms, started the
// profile: ^[a-z_0-9]+_26 +.*host_first_then_device.c:26 +1 +[0-9.]+ +[0-9.]+
// profile: ^[a-z_0-9]+_33 +.*host_first_then_device.c:33 +1 +[0-9.]+ +[0-9.]+
// profile-absent: ^[a-z_0-9]+_20[^0-9]
 */
#include <stdio.h>
#include <stdlib.h>

#define N 100000L

static void twice(double *b) {
#pragma nu work
  for (long i = 0; i < 64; i++)
    b[i] = b[i] * 2 + 1;
}

static void add(double *b, const double *c) {
#pragma nu work
  for (long i = 0; i < N; i++)
    for (long j = i * N; j < i * N + 1; j++)
      b[i] += c[(j - i * N) % 4] + (double)(i % 3);
}

static void less(double *b) {
#pragma nu work
  for (long i = 0; i < 64; i++)
    b[i] = b[i] - 1;
}

int main(void) {
  long n = N;
  double *b = malloc(sizeof(double) * n), *c = malloc(sizeof(double) * 4);
  if (!b || !c)
    return 1;
  for (int k = 0; k < 4; k++)
    c[k] = 0.25 * (k + 1);
  for (long i = 0; i < n; i++)
    b[i] = (double)(i % 11);
  twice(b);
  add(b, c);
  less(b);
  double s = 0;
  for (long i = 0; i < n; i++)
    s += b[i] * (double)(i % 5 + 1);
  printf("%.6g %.6g %.6g\n", s, b[7], b[n / 2]);
  free(b);
  free(c);
  return 0;
}
