/* host_first_main_param.c — nucc asks NU_HOST_FIRST's question at main's start only with
 * values nothing changes before the nest: steps divides its parameter n before its nest at
 * line 22, so N, the constant main passes (which would predict that nest far past the
 * budget), is not what the nest counts with (64, small).  main's start asks nothing, the
 * nest runs on the host, and no device starts.
// profile-env: NU_HOST_FIRST=
// profile: ^nurt profile: no device started$
// profile: ^host first: 1 nest ran on the host
// profile-absent: asked at main
 */
#include <stdio.h>
#include <stdlib.h>

#define N 100000L

static void steps(long n, double *b, const double *c) {
  n = n / (N / 64);
#pragma nu work
  for (long i = 0; i < n; i++)
    for (long j = i; j < i + 1; j++)
      b[i] += c[(j - i) % 4] + (double)(i % 3);
}

int main(void) {
  double *b = malloc(sizeof(double) * N), *c = malloc(sizeof(double) * 4);
  if (!b || !c)
    return 1;
  for (int k = 0; k < 4; k++)
    c[k] = 0.25 * (k + 1);
  for (long i = 0; i < N; i++)
    b[i] = (double)(i % 11);
  steps(N, b, c);
  double s = 0;
  for (long i = 0; i < N; i++)
    s += b[i] * (double)(i % 5 + 1);
  printf("%.6g %.6g %.6g\n", s, b[7], b[N / 2]);
  free(b);
  free(c);
  return 0;
}
