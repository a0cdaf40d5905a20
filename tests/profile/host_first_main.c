/* host_first_main.c — NU_HOST_FIRST asked at main's start: main sets its arrays up (fill, a
 * function of the file without nests), then calls steps with n, a local main declares with a
 * constant and never writes.  nucc asks the question of the first nest main reaches (line 30)
 * at main's start with that value: the nest after it (the box of its loops, n times n) is
 * far past the budget, so the device starts on nurt's thread beside fill, and every nest
 * launches.  The oracle: the same output as cc's build.
// profile-env: NU_HOST_FIRST=
// profile: ^host first: asked at main's start, the nest at .*host_first_main.c:30 predicted
// profile: predicted [0-9.]+ ms, past NU_HOST_FIRST's 200 ms: the device started beside main$
// profile: ^start: [0-9.]+ ms to start the device and build, beside the program's own start
// profile: ^[a-z_0-9]+_30 +.*host_first_main.c:30 +1 +[0-9.]+ +[0-9.]+
// profile: ^[a-z_0-9]+_33 +.*host_first_main.c:33 +1 +[0-9.]+ +[0-9.]+
// profile-absent: no device started
// profile-absent: nests? ran on the host
 */
#include <stdio.h>
#include <stdlib.h>

#define N 8000L

static void fill(double *b, double *c, long n) {
  for (int k = 0; k < 4; k++)
    c[k] = 0.25 * (k + 1);
  for (long i = 0; i < n; i++)
    b[i] = (double)(i % 11);
}

static void steps(long n, double *b, const double *c) {
#pragma nu work
  for (long i = 0; i < 64; i++)
    b[i] = b[i] * 2 + 1;
#pragma nu work
  for (long i = 0; i < n; i++)
    for (long j = i; j < i + 1; j++)
      b[i] += c[(j - i) % 4] + (double)(i % 3);
}

int main(void) {
  long n = N;
  double *b = malloc(sizeof(double) * n), *c = malloc(sizeof(double) * 4);
  if (!b || !c)
    return 1;
  fill(b, c, n);
  steps(n, b, c);
  double s = 0;
  for (long i = 0; i < n; i++)
    s += b[i] * (double)(i % 5 + 1);
  printf("%.6g %.6g %.6g\n", s, b[7], b[n / 2]);
  free(b);
  free(c);
  return 0;
}
