/* work_bare_ttile_2d.c — a bare `work` on the time loop of 2-D stencils
 * time-tiles it: 2 steps per launch in tiles of 16 x 64 points with
 * work-groups of 8 x 32 (auto.c, ttile_try), where the steps' radii add up
 * to 2.  Sizes that divide neither (45 x 150), step counts odd and even,
 * and sweeps of radii 2 and 1, whose halo of 6 keeps the loop on the host
 * with a kernel per sweep.  tests/golden/bare_chains.sh checks the chains
 * chosen.  Results checked against the sequential build. */
#include <stdio.h>

#define N 45
#define M 150

static double a[N][M], b[N][M];
static float u[N][M], v[N][M];

static void jacobi(int steps) {
#pragma nu work
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < M - 1; j++)
        b[i][j] = 0.2 * (a[i][j] + a[i][j - 1] + a[i][j + 1] + a[i + 1][j] + a[i - 1][j]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < M - 1; j++)
        a[i][j] = 0.2 * (b[i][j] + b[i][j - 1] + b[i][j + 1] + b[i + 1][j] + b[i - 1][j]);
  }
}

/* radii 2 and 1: 2 steps would make a halo of 6 */
static void wide(int steps) {
#pragma nu work
  for (int t = 0; t < steps; t++) {
    for (int i = 2; i < N - 2; i++)
      for (int j = 2; j < M - 2; j++)
        v[i][j] = 0.25f * (u[i][j - 2] + u[i][j + 2] + u[i - 2][j] + u[i + 2][j]);
    for (int i = 2; i < N - 2; i++)
      for (int j = 2; j < M - 2; j++)
        u[i][j] = 0.5f * (v[i][j - 1] + v[i][j + 1]);
  }
}

static double weigh_d(const double *p, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += p[i] * (1.0 + (i % 7));
  return s;
}

static double weigh_f(const float *p, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += p[i] * (1.0 + (i % 7));
  return s;
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      a[i][j] = (double)((i * 13 + j * 7) % 19);
      b[i][j] = (double)((i * 5 + j * 3) % 11) - 5.0;
      u[i][j] = (float)((i * 3 + j * 17) % 23) / 4.0f;
      v[i][j] = 1.0f;
    }
  jacobi(7);
  printf("jacobi 7: %.10e %.10e %.10e\n", weigh_d(&a[0][0], N * M), weigh_d(&b[0][0], N * M),
         a[N / 2][M / 3]);
  jacobi(4);
  printf("jacobi 4: %.10e %.10e\n", weigh_d(&a[0][0], N * M), weigh_d(&b[0][0], N * M));
  wide(5);
  printf("wide 5: %.6e %.6e\n", weigh_f(&u[0][0], N * M), weigh_f(&v[0][0], N * M));
  return 0;
}
