/* host_first_main_loop.c — NU_HOST_FIRST asked at main's start for a nest inside a loop kept
 * on the host: the bare `work` keeps steps' k loop on the host (each step reads a[k], which
 * the step before wrote) and launches its two nests at each step.  main calls steps with
 * constants; at main's start nucc counts the first nest's first run with k at its first value,
 * times the n steps to come, and the second nest's: 2.4e7 units, past a budget of 20 ms, so the
 * device starts beside main.
// profile-env: NU_HOST_FIRST=20
// profile: ^host first: asked at main's start, the nest at .*host_first_main_loop.c:22 predicted
// profile: ^[a-z_0-9]+_22 +.*host_first_main_loop.c:22 +1999 +
// profile-absent: no device started
// profile-absent: nests? ran on the host
 */
#include <stdio.h>
#include <stdlib.h>

#define N 2000

static void steps(int n, double *a, double *b) {
  int k, i;
#pragma nu work
  for (k = 0; k < n; k++) {
    for (i = k + 1; i < n; i++)
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
