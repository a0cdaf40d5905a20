// nucc-flags: --openmp -Werror=nucc-omp-ignored -Werror=nucc-omp-host
// nucc-kernels: 4
/* omp_fuse_looprange.c — `fuse looprange(first, count)` (OpenMP 6.0, as
 * Clang reads it) becomes `fuse(first, count)`: only loops first to
 * first + count - 1 of the block are fused, the others run as written
 * around the fused one.  Standalone on host loops (the middle two of four,
 * as OpenMP_VV's test), inside an offloaded loop's body (the last two of
 * three: the first stays a loop of its own in the kernel), under
 * `parallel for` over a range that leaves one loop (the whole block), and
 * in the body of a `collapse(2)` loop. */
#include <stdio.h>

#define N 4
#define M 515
#define R 23
int A[4][N];
double x[M], y[M], z[M], u[R][M], v[R][M], w[R][M];

int main(void) {
#pragma omp fuse looprange(2, 2)
  {
    for (int j = 0; j < N; ++j)
      A[0][j] = j + 1;
    for (int j = 0; j < N; ++j)
      A[1][j] = N + j + 1 + A[0][j];
    for (int j = 0; j < N; ++j)
      A[2][j] = 2 * N + j + 1 + A[1][j];
    for (int j = 0; j < N; ++j)
      A[3][j] = 3 * N + j + 1 + A[2][N - 1 - j];
  }
  for (int i = 0; i < M; i++)
    x[i] = (i % 19) * 0.125;

#pragma omp parallel for
  for (int r = 0; r < R; r++) {
    for (int j = 0; j < M; j++)
      u[r][j] = x[j] * r;
#pragma omp fuse looprange(2, 2)
    {
      for (int j = M - 1; j > 0; j--)
        u[r][j] = u[r][j - 1] + 1; /* reversed: no loop of the same header to fuse */
      for (int j = 0; j < M; j++)
        v[r][j] = u[r][j] * 2;
      for (int j = 0; j < M; j++)
        w[r][j] = v[r][j] - u[r][M - 1 - j];
    }
  }

#pragma omp parallel for
#pragma omp fuse looprange(1, 2)
  {
    for (int i = 0; i < M; i++)
      y[i] = x[i] * x[i];
    for (int i = 0; i < M; i++)
      z[i] = y[i] + x[i];
  }

#pragma omp parallel for collapse(2)
  for (int r = 0; r < R; r++)
#pragma omp fuse looprange(1, 3)
  {
    for (int j = 0; j < M; j++)
      u[r][j] = z[j] + r;
    for (int j = 0; j < M; j++)
      v[r][j] += u[r][j];
    for (int j = 0; j < M; j++)
      w[r][j] = v[r][j] * u[r][j];
  }

  for (int i = 0; i < 4; i++) {
    for (int j = 0; j < N; j++)
      printf(" %d", A[i][j]);
    printf("\n");
  }
  double s = 0;
  for (int r = 0; r < R; r++)
    for (int j = 0; j < M; j++)
      s += u[r][j] + v[r][j] * 0.5 + w[r][j] * 0.25;
  printf("u v w: %.6g\n", s);
  s = 0;
  for (int i = 0; i < M; i++)
    s += y[i] - z[i];
  printf("y z: %.6g\n", s);
  return 0;
}
