// nucc-kernels: 3
/* A write through a second induction variable of an inner loop's header
 * (issue 24 §5): `for (int off = M * blk, ii = 0; ii < M; ii++, off++)
 * c[off] = ...` under `work` without `independent`.  nucc once left that
 * loop non-canonical, so the write's subscript was unknown and the nest
 * undecided; off is now read as M * blk + ii, and the dependence test
 * proves the blocks apart. */
#include <stdio.h>

#define NB 97
#define M 12

int main(void) {
  static double a[NB * M], c[NB * M], d[NB * M];
  for (int i = 0; i < NB * M; i++)
    a[i] = (i * 7) % 23 - 11;
#pragma nu work(32)
  for (int blk = 0; blk < NB; blk++)
    for (int off = M * blk, ii = 0; ii < M; ii++, off++)
      c[off] = a[off] * (ii + 1);
      /* backwards, two at a time, from the block's last element */
#pragma nu work(32)
  for (int blk = 0; blk < NB; blk++)
    for (int off = M * blk + M - 1, ii = 0; ii < M; ii += 2, off -= 2) {
      d[off] = a[off] - ii;
      d[off - 1] = a[off - 1] + ii;
    }
    /* an offset that is not the loop's first variable, and counts by 3 */
#pragma nu work(16)
  for (int blk = 0; blk < NB / 3; blk++)
    for (int k = 0, off = 3 * M * blk + 1; k < M; k++, off += 3)
      c[off] += d[off - 1];
  double s = 0;
  for (int i = 0; i < NB * M; i++)
    s += c[i] * (i % 7) + d[i] * (i % 5);
  printf("%.1f\n", s);
  return 0;
}
