// expect: 6:29: error: private(...) takes variable names
/* private(...) names scalars; a key (as size takes) is a mistake. */
void f(float *a, int n) {
  int i;
  float t;
#pragma nu work(16) private(t: 4)
  for (i = 0; i < n; i++) {
    t = a[i];
    a[i] = t * 2;
  }
}
