/* host_first_wavefront.c — NU_HOST_FIRST counts a wavefront's whole site from above: the bare
 * `work` on this Gauss-Seidel sweep runs one launch per hyperplane w, each over one plane of
 * (t, i) with j solved from w.  nucc counts the box of (i, t, w), every hyperplane's box: at
 * N = 200 and 10 steps, 5.3e7 units, past a budget of 20 ms, so the nest launches from the
 * start.  The hyperplane projected out (one plane's box, 8e4 units) would have run 1.7e7
 * units of real work on the host.
// profile-env: NU_HOST_FIRST=20
// profile: ^host first: asked at main's start, the nest at .*host_first_wavefront.c:21
// profile-absent: no device started
// profile-absent: nests? ran on the host
 */
#include <stdio.h>

#define N 200
#define TSTEPS 10

static double A[N][N];

static void seidel(int tsteps, int n, double A[N][N]) {
#pragma nu work
  for (int t = 0; t <= tsteps - 1; t++)
    for (int i = 1; i <= n - 2; i++)
      for (int j = 1; j <= n - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j] +
                   A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) /
                  9.0;
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = ((double)i * (j + 2) + 2) / N;
  seidel(TSTEPS, N, A);
  double s = 0;
  for (int i = 0; i < N; i++)
    s += A[i][i] + A[i][N - 1 - i] * 0.5;
  printf("%.9g %.9g\n", s, A[N / 3][N / 2]);
  return 0;
}
