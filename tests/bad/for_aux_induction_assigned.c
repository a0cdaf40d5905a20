// expect: 11:7: error: possible dependence on 'c' between work-items: cannot prove that different work-items write different elements through 'c[off]'
/* A second induction variable of an inner loop's header that the body
 * also assigns (issue 24 §5): off is not M * blk + ii, so the write
 * through it stays undecided and needs the user's `independent`. */
#define NB 97
#define M 12
void f(double *c, const double *a) {
#pragma nu work(32)
  for (int blk = 0; blk < NB; blk++)
    for (int off = M * blk, ii = 0; ii < M; ii++, off++) {
      c[off] = a[off];
      if (a[off] < 0)
        off++;
    }
}
