// expect: 14:5: error: possible dependence on 'a' between work-items: cannot prove that
/* A helper writes p[k * k]: not an affine function of its loop index, so
 * nucc cannot tell whether the rows of different work-items meet (they do
 * when k * k reaches past m).  Undecided, not proven: the kernel is refused
 * unless the user promises `independent`. */
static void squares(float *p, int n) {
  for (int k = 0; k < n; k++)
    p[k * k] = (float)k;
}

void rows(float *a, int n, int m) {
#pragma nu work(16)
  for (int i = 0; i < n; i++)
    squares(&a[i * m], m);
}
