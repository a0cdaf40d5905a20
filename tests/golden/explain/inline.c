/* inline.c — inline: the loop over the 3 taps unrolled completely. */
void taps(int n, const float *w, const float *a, float *b) {
  for (int i = 1; i < n - 1; i++) {
    float s = 0.0f;
#pragma nu inline
    for (int k = -1; k <= 1; k++)
      s += w[k + 1] * a[i + k];
    b[i] = s;
  }
}
