// nucc-flags: --openacc
// nucc-kernels: 2
/* A `data` region with copyin/copyout around an iterative Jacobi stencil,
 * with `update host` of a section and of a whole array inside the
 * iteration, before host code that reads them: nurt brings them back there
 * (the data clauses are hints: nurt moves what the kernels use by itself). */
#include <stdio.h>

#define N 130
static double u[N][N], w[N][N];

int main(void) {
  double probe = 0, edge = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      u[i][j] = (i == 0 || j == 0) ? 1.0 : 0.0;
#pragma acc data copy(u) create(w)
  {
    for (int it = 0; it < 40; it++) {
#pragma acc parallel loop collapse(2) present(u, w)
      for (int i = 1; i < N - 1; i++)
        for (int j = 1; j < N - 1; j++)
          w[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
#pragma acc parallel loop gang
      for (int i = 1; i < N - 1; i++) {
#pragma acc loop vector
        for (int j = 1; j < N - 1; j++)
          u[i][j] = w[i][j];
      }
      if (it % 10 == 9) {
#pragma acc update host(u [1:N - 2])
        probe += u[1][1] + u[5][3];
#pragma acc update self(w)
        edge += w[2][1];
        printf("it %d: %.8f %.8f\n", it, u[1][1], w[2][1]);
      }
    }
  }
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += u[i][j];
  printf("%.8f %.8f %.8f\n", s, probe, edge);
  return 0;
}
