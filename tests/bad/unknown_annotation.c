// expect: 5:12: error: unknown annotation
/* An annotation name that does not exist (a typo of `work`): the caret points
 * at the name inside the #pragma line. */
void clear(float *a, int n) {
#pragma nu wrok(16)
  for (int i = 0; i < n; i++)
    a[i] = 0.0f;
}
