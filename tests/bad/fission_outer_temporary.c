// expect: 8:12: error: fission: the statements of loop 'i' cannot be separated: they pass values through the scalar 't'
/* t is declared outside the nest and written before it is read in every
 * iteration (a private temporary), so a kernel could hold the loop; but
 * distribution would leave the second statement only t's last value. */
void pass(int n, float *a, const float *b) {
  float t;
  // the caret is under `fission`
#pragma nu fission
  for (int i = 0; i < n; i++) {
    t = b[i] * 2.0f;
    a[i] = t + 1.0f;
  }
}
