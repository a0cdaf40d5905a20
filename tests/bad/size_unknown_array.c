// expect: 5:26: error: 'q'
/* size() names an identifier that is not declared: the caret points at it
 * inside the #pragma line. */
void copy(float *b, const float *a, int n) {
#pragma nu work(64) size(q: n)
  for (int i = 0; i < n; i++)
    b[i] = a[i];
}
