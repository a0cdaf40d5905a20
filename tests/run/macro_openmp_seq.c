// nucc-flags: --openmp
// cc-flags: -std=c11 -fopenmp
/* Issue 32's macro styles in OpenMP loops: a collapsed nest bounded by
 * expression macros (N is 1 << 7, M is N / 4 + 3) and indexed by a
 * function-like macro, and a loop whose subscripts and right-hand side
 * expand them.  --emit=seq once printed `i < N << N` and `M << M`-style
 * bounds and subscripts, a program that differed from cc's. */
#include <stdio.h>

#define N (1 << 7)
#define M (N / 4 + 3)
#define IDX(i, j) ((i)*M + (j))

static float a[N * M];

int main(void) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      a[IDX(i, j)] = 0.5f * (float)(i - j) + (N - M);
#pragma omp parallel for
  for (int i = 1; i < N; i++)
    a[IDX(i, 0)] += a[IDX(i - 1, M - 1)] + N % 5;
  double s = 0;
  for (int k = 0; k < N * M; k++)
    s += a[k] * (k % 3 + 1);
  printf("%.6e %g %g\n", s, a[IDX(1, 0)], a[IDX(N - 1, 0)]);
  return 0;
}
