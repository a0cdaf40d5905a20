// expect: 11:5: error: loop-carried dependence on 'a'
/* A temporary that stands for its value (k = i + 1) makes the dependence
 * exact: the next work-item reads what this one writes, so the nest is
 * refused with the pair, not offered `independent`. */
void shift(float *a, int n) {
  int i, k;
#pragma nu work(16)
  for (i = 0; i < n - 1; i++) {
    k = i + 1;
    /* a[i + 1] = 2 * a[i]: carried */
    a[k] = a[i] * 2;
  }
}
