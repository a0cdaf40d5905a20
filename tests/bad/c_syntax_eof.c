// expect: 11:4: error: expected '}'
/* A file that ends inside a function (a brace never closed): clang's error
 * at the end of the file, with the last line shown, and no output. */
void clear(float *a, int n) {
#pragma nu work(64)
  for (int i = 0; i < n; i++) {
    a[i] = 0.0f;
  }
  if (n > 0) {
    a[0] = 1.0f;
  }
