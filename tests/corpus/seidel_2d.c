/* seidel_2d.c — 9-point Gauss-Seidel sweeps in place.
 * Legacy constructs: fixed-size array parameter, C89 declarations, a time
 * loop.  No loop here is parallel: A[i][j] reads A[i][j-1] and A[i-1][*]
 * written earlier in the same sweep (wrong_seidel_2d.c maps one anyway and
 * is refused).  Every dependence runs to a later hyperplane 4t + 2i + j,
 * so wavefront(4,2,1) runs the hyperplanes in order, t and i in parallel
 * on each (permut puts t innermost on the NDRange: neighbouring work-items
 * then touch elements four apart in one row).
 * The data is not PolyBench's (i*(j+2)+2)/n: a bilinear grid is a fixed
 * point of the 9-point average, so the sweeps would change nothing. */
#include <math.h>
#include <stdio.h>

#define N 35
#define TSTEPS 4

static double A[N][N];

void kernel_seidel_2d(int tsteps, int n, double A[N][N]) {
  int t, i, j;

#pragma nu work(8, 32) permut(1, 3, 2) wavefront(4, 2, 1)
  for (t = 0; t <= tsteps - 1; t++)
    for (i = 1; i <= n - 2; i++)
      for (j = 1; j <= n - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] + A[i][j - 1] + A[i][j] +
                   A[i][j + 1] + A[i + 1][j - 1] + A[i + 1][j] + A[i + 1][j + 1]) /
                  9.0;
}

static void checksum(const char *name, const double *p, int count) {
  double s = 0.0, w = 0.0;
  int k;
  for (k = 0; k < count; k++) {
    s += p[k];
    w += fabs(p[k]) * (double)(k % 7 + 1);
  }
  printf("%s %.6g %.6g %.6g\n", name, s, w, p[count / 3]);
}

int main(void) {
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      A[i][j] = (double)((i * 7 + j * j * 3) % 17) / 17.0 + (i == j ? 1.0 : 0.0);
  kernel_seidel_2d(TSTEPS, N, A);
  checksum("A", &A[0][0], N * N);
  return 0;
}
