/* host_first_ttile.c — NU_HOST_FIRST counts a time tile's whole site: the bare `work` on this
 * 1-D Jacobi time loop chooses a time tile (one launch per 16 steps), whose kernel covers
 * one tile; nucc counts every tile (the tile's first step projected out, from the time
 * loop's first), 3e6 units here, 3 ms at the 1 ns a unit nurt assumes: the whole loop runs
 * on the host and no device starts.  Before, a time tile's site did not ask and launched.
// profile-env: NU_HOST_FIRST=
// profile: ^nurt profile: no device started$
// profile: ^host first: 1 nest ran on the host
 */
#include <stdio.h>
#include <stdlib.h>

static void smooth(int tsteps, int n, double *A, double *B) {
  int t, i;
#pragma nu work
  for (t = 0; t < tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (i = 1; i < n - 1; i++)
      A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
  }
}

int main(void) {
  int n = 2000, tsteps = 64;
  double *A = malloc(sizeof(double) * n), *B = malloc(sizeof(double) * n);
  if (!A || !B)
    return 1;
  for (int i = 0; i < n; i++) {
    A[i] = ((double)i + 2) / n;
    B[i] = ((double)i + 3) / n;
  }
  smooth(tsteps, n, A, B);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += A[i] * (i % 7 + 1);
  printf("%.9g %.9g\n", s, A[n / 3]);
  free(A);
  free(B);
  return 0;
}
