// nucc-flags: --openmp
// cc-flags: -std=c11 -fopenmp
// nucc-kernels: 5
/* openmp_pragma_operator.c — `_Pragma("...")`, the C99 operator a macro
 * usually produces, is read as the `#pragma` line it stands for: from an
 * object-like macro, through a function-like one that stringizes its
 * argument (`_Pragma(#x)`, the argument holding another macro's parameter),
 * written directly before a `for` on the same line, and a `nu` annotation
 * from a macro.  Each loop must become a kernel (nucc-kernels): left on the
 * host, it would match cc all the same. */
#include <stdio.h>

#define PFOR _Pragma("omp parallel for")
#define PRAGMA(x) _Pragma(#x)
#define PFOR_SUM(v) PRAGMA(omp parallel for reduction(+ : v))
#define OFFLOAD _Pragma("nu work(32)")

int main(void) {
  enum { N = 1000, M = 24 };
  static float a[N], b[N][M];
  double s = 0;
  int count = 0;
  /* the macros stand on their own lines, as users write them */
  // clang-format off
  PFOR
  for (int i = 0; i < N; i++)
    a[i] = (float)(i % 17) * 0.5f;
  // clang-format on
  PFOR_SUM(s)
  for (int i = 0; i < N; i++)
    s += a[i];
  _Pragma("omp parallel for") for (int i = 0; i < N; i++) a[i] += 1;
  PRAGMA(omp parallel for collapse(2))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      b[i][j] = a[i] * j;
  OFFLOAD
  for (int i = 0; i < N; i++)
    a[i] = b[i][M - 1] - a[i];
  // clang-format off
  PRAGMA(omp parallel num_threads(2))
  {
    PRAGMA(omp atomic)
    count++;
  }
  // clang-format on
  printf("a %g %g s %.1f b %g count %d\n", a[10], a[N - 1], s, b[5][7], count);
  return 0;
}
