// expect: 14:7: error: 'w' is read before it is written in an iteration (line 13), so it is not private to a work-item
/* A C89 temporary declared at the top of the function: each iteration
 * reads the previous iteration's `w` before writing its own, so `w` is not
 * private to a work-item (the caret points at the write). */
void shift(const double *a, double *b, int n) {
  int i;
  double w;
  w = 0;
#pragma nu work(64)
  for (i = 0; i < n; i++) {
    double v;
    v = a[i];
    b[i] = w;
      w = v;
  }
}
