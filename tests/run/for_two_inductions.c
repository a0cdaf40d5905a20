// nucc-flags: --openmp
// nucc-kernels: 3
/* An inner loop that declares two induction variables in its header
 * (issue 24 §5): `for (int off = M * b, ii = 0; ii < M; ii++, off++)`.
 * nucc once kept only the first declarator's statement, so both variables
 * looked declared outside the nest and were read as sum reductions. */
#include <stdio.h>

#define NB 97
#define M 12

int main(void) {
  static double a[NB * M], b[NB], c[NB];
  for (int i = 0; i < NB * M; i++)
    a[i] = (i * 7) % 23 - 11;
#pragma omp parallel for
  for (int blk = 0; blk < NB; blk++) {
    double s = 0;
    for (int off = M * blk, ii = 0; ii < M; ii++, off++)
      s += a[off] * (ii + 1);
    b[blk] = s;
  }
#pragma nu work(32)
  for (int blk = 0; blk < NB; blk++) {
    double s = 0;
    for (int off = M * blk + M - 1, ii = 0, sign = 1; ii < M; ii += 2, off -= 2, sign = -sign)
      s += sign * a[off];
    c[blk] = s;
  }
  /* the declarations' scope is the loop's: a variable of the same name
   * outside keeps its value */
  int off = -5;
#pragma omp parallel for
  for (int blk = 0; blk < NB; blk++)
    for (int off = blk, n = 0; n < 3; n++, off += NB)
      a[off % (NB * M)] += n;
  double s = 0;
  for (int i = 0; i < NB; i++)
    s += b[i] * (i + 1) + c[i] * (i % 5);
  for (int i = 0; i < NB * M; i++)
    s += a[i] * (i % 7);
  printf("%.1f %d\n", s, off);
  return 0;
}
