/* host_first_main_written.c — nucc asks NU_HOST_FIRST's question at main's start only with
 * values nothing changes before the nest: main hands m to scale by address before it calls
 * steps(m, ...), so m's value at main's start (N, which would predict the nest at line 27
 * far past the budget) is not the one the nest counts with (100, small).  main's start asks
 * nothing, the nests run on the host, and no device starts.
// profile-env: NU_HOST_FIRST=
// profile: ^nurt profile: no device started$
// profile: ^host first: 1 nest ran on the host
// profile-absent: asked at main
 */
#include <stdio.h>
#include <stdlib.h>

#define N 100000L

static void scale(long *m) { *m = *m / 1000; }

static void steps(long n, double *b, const double *c) {
#pragma nu work
  for (long i = 0; i < n; i++)
    for (long j = i; j < i + 1; j++)
      b[i] += c[(j - i) % 4] + (double)(i % 3);
}

int main(void) {
  long n = N, m = N;
  double *b = malloc(sizeof(double) * n), *c = malloc(sizeof(double) * 4);
  if (!b || !c)
    return 1;
  for (int k = 0; k < 4; k++)
    c[k] = 0.25 * (k + 1);
  for (long i = 0; i < n; i++)
    b[i] = (double)(i % 11);
  scale(&m);
  steps(m, b, c);
  double s = 0;
  for (long i = 0; i < n; i++)
    s += b[i] * (double)(i % 5 + 1);
  printf("%.6g %.6g %.6g\n", s, b[7], b[n / 2]);
  free(b);
  free(c);
  return 0;
}
