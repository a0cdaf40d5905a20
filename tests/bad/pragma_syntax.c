// expect: 5:19: error: expected ')'
/* A syntax error inside the annotation: the closing parenthesis is missing;
 * the caret points where `)` was expected (the end of the line). */
void clear(float *a, int n) {
#pragma nu work(16
  for (int i = 0; i < n; i++)
    a[i] = 0.0f;
}
