// expect: 6:12: error: they pass values through the scalar 't'
/* Every statement after the declaration of t uses it: one piece only, so
 * the fission is refused, with a note at the declaration. */
void pair(int n, float *a, float *b) {
  // the caret is under `fission`
#pragma nu fission
  for (int i = 0; i < n; i++) {
    float t = b[i];
    a[i] = t * 2.0f;
    b[i] = t + 1.0f;
  }
}
