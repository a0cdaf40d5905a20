// expect: 5:12: error: loop
/* An annotation must stand above a `for` loop; here it stands above an
 * assignment.  The caret points at the annotation name. */
void set(float *a, int n) {
#pragma nu work(16)
  a[0] = (float)n;
  for (int i = 1; i < n; i++)
    a[i] = 0.0f;
}
