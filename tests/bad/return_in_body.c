// expect: 8:7: error: return
/* A return inside the kernel body would end the whole loop in the sequential
 * program: refused; the caret points at `return`. */
void clip(float *a, int n) {
#pragma nu work(64)
  for (int i = 0; i < n; i++) {
    if (a[i] < 0.0f)
      return;
    a[i] = a[i] * 2.0f;
  }
}
