// nucc-flags: -DN=48 -DREAL=double
// cc-flags: -std=c11 -DN=48 -DREAL=double
/* macro_values.c — macros that shape kernels and extents, set on the
 * command line (N, REAL) and by source defaults under #ifndef (M, IDX,
 * ALPHA, ROWS).  nucc bakes their values into the kernels and the stubs'
 * bounds, and the output records them (issue 23 §4): compiled with the
 * same values as here it must build and compute what cc computes;
 * tests/pipeline/macro_values.sh compiles it with other values. */
#include <stdio.h>

#ifndef N
#define N 64
#endif
#ifndef M
#define M 40
#endif
#ifndef REAL
#define REAL float
#endif
#define ROWS N /* a macro of a macro: checked with N's value */
#define ALPHA 0.5f
#define IDX(i, j) ((i)*M + (j))

static REAL a[N * M], b[N * M];

int main(void) {
  for (int i = 0; i < N * M; i++)
    a[i] = (REAL)(i % 17) * (REAL)0.25;
#pragma nu work(8, 8)
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < M; j++) {
      REAL t = a[IDX(i, j)] * ALPHA;
      b[IDX(i, j)] = t + (REAL)N;
    }
  double s = 0;
  for (int i = 0; i < ROWS * M; i++)
    s += b[i] * (i % 5 + 1);
  printf("N %d M %d sizeof(REAL) %zu sum %.6e b[7] %.6e\n", N, M, sizeof(REAL), s, (double)b[7]);
  return 0;
}
