/* wrong_seidel_2d.c — seidel_2d.c with a deliberately wrong annotation:
 * work(8,8) on the in-place 9-point sweep.  Iteration (i, j) reads
 * A[i][j-1] and A[i-1][j] that iterations (i, j-1) and (i-1, j) write:
 * a correct compiler must refuse it with a dependence diagnostic. */
#include <math.h>
#include <stdio.h>

#define N 35
#define TSTEPS 4

static double A[N][N];

void kernel_seidel_2d(int tsteps, int n, double A[N][N]) {
  int t, i, j;

  for (t = 0; t <= tsteps - 1; t++)
#pragma nu work(8, 8)
    for (i = 1; i <= n - 2; i++)
      for (j = 1; j <= n - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j] +
                   A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) /
                  9.0;
}

int main(void) {
  int i, j;
  double s = 0.0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      A[i][j] = ((double)i * (j + 2) + 2) / N;
  kernel_seidel_2d(TSTEPS, N, A);
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      s += A[i][j];
  printf("A %.6g\n", s);
  return 0;
}
