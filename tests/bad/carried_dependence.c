// expect: 7:5: error: dependence
/* a[i] reads a[i-1], written by the previous iteration: a dependence carried
 * by the mapped loop (the message names 'a'); the caret points at the write. */
void ramp(float *a, int n) {
#pragma nu work(64)
  for (int i = 1; i < n; i++)
    a[i] = a[i - 1] + 1.0f;
}
