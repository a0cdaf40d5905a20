// expect: 5:20: error: tile(...) needs 2 loops, but the nest has 1
/* More factors than loops. */
void scale(float *a, int n) {
  // the caret goes under the surplus factor
#pragma nu tile(8, 8)
  for (int i = 0; i < n; i++)
    a[i] = 2.0f * a[i];
}
