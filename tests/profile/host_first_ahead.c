/* host_first_ahead.c — NU_HOST_FIRST looks ahead within a function: the small nest at line
 * 20 sees the nest at line 23, whose estimate (the box of its loops, N times N * N) is far
 * past the budget, so it launches at once; so does the nest at line 27, which sees nothing
 * after it but finds the device started.  NU_START=0 keeps main's start from asking first
 * (host_first_main.c): this is the site's own lookahead.
// profile-env: NU_HOST_FIRST= NU_START=0
// profile: ^[a-z_0-9]+_20 +.*host_first_ahead.c:20 +1 +[0-9.]+ +[0-9.]+
// profile: ^[a-z_0-9]+_23 +.*host_first_ahead.c:23 +1 +[0-9.]+ +[0-9.]+
// profile: ^[a-z_0-9]+_27 +.*host_first_ahead.c:27 +1 +[0-9.]+ +[0-9.]+
// profile-absent: ^host first
// profile-absent: no device started
 */
#include <stdio.h>
#include <stdlib.h>

#define N 100000L

static void steps(double *b, const double *c) {
#pragma nu work
  for (long i = 0; i < 64; i++)
    b[i] = b[i] * 2 + 1;
#pragma nu work
  for (long i = 0; i < N; i++)
    for (long j = i * N; j < i * N + 1; j++)
      b[i] += c[(j - i * N) % 4] + (double)(i % 3);
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
  steps(b, c);
  double s = 0;
  for (long i = 0; i < n; i++)
    s += b[i] * (double)(i % 5 + 1);
  printf("%.6g %.6g %.6g\n", s, b[7], b[n / 2]);
  free(b);
  free(c);
  return 0;
}
