// expect: 13:5: error: an iteration may reach the 'continue' at line 12 without writing 'w'
/* `continue` before the write: the last iteration may keep the value an
 * earlier one wrote, so `w` is not one iteration's own value and cannot be
 * copied out of the work-item that runs the last iteration. */
double last_positive(const double *a, double *b, int n) {
  int i;
  double w;
  w = 0;
#pragma nu work(64)
  for (i = 0; i < n; i++) {
    if (a[i] < 0)
      continue;
    w = a[i];
    b[i] = w * 2;
  }
  return w;
}
