/* inner.c — an annotation on a loop inside a work nest: the inner loop is
 * unrolled first, then work makes the kernel of the outer loop. */
void taps(int n, const float *w, const float *a, float *b) {
#pragma nu work(64)
  for (int i = 1; i < n - 1; i++) {
    float s = 0.0f;
#pragma nu inline
    for (int k = -1; k <= 1; k++)
      s += w[k + 1] * a[i + k];
    b[i] = s;
  }
}
