// expect: 8:7: error: break
/* A break out of the mapped loop makes the trip count data-dependent:
 * refused; the caret points at `break`. */
void clip(float *a, int n) {
#pragma nu work(64)
  for (int i = 0; i < n; i++) {
    if (a[i] < 0.0f)
      break;
    a[i] = a[i] * 2.0f;
  }
}
