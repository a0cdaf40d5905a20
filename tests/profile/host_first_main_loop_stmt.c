/* host_first_main_loop_stmt.c — as host_first_main_loop.c, but each step first sets m, the
 * bound of the nest after it, with a host statement: m is a local of steps that main's start
 * knows nothing of, so nucc does not ask ahead, and the site asks as before.  Here the first
 * nest predicts past the budget and launches, starting the device at that launch (no start-up
 * thread: no "start:" line).
// profile-env: NU_HOST_FIRST=20
// profile-absent: ^start:
// profile: ^[a-z_0-9]+_24 +.*host_first_main_loop_stmt.c:24 +2000 +
// profile-absent: asked at main
// profile-absent: no device started
 */
#include <stdio.h>
#include <stdlib.h>

#define N 2000

static void steps(int n, double *a, double *b) {
  int k, i, m;
#pragma nu work
  for (k = 0; k < n; k++) {
    m = n - k;
    for (i = n - m + 1; i < n; i++)
      a[i] = a[i] - a[k] * 0.5;
    for (i = 0; i < n; i++)
      b[i] = b[i] * 0.5 + a[i];
  }
}

int main(void) {
  double *a = malloc(sizeof(double) * N), *b = malloc(sizeof(double) * N);
  if (!a || !b)
    return 1;
  for (int i = 0; i < N; i++) {
    a[i] = (double)(i % 13) / 13;
    b[i] = 0;
  }
  steps(N, a, b);
  double s = 0;
  for (int i = 0; i < N; i++)
    s += b[i] * (i % 7 + 1);
  printf("%.9g %.9g\n", s, b[N / 3]);
  free(a);
  free(b);
  return 0;
}
