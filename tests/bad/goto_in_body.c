// expect: 8:7: error: goto
/* A goto leaving the kernel body: work-items cannot jump out of the NDRange;
 * the caret points at `goto`. */
void clip(float *a, int n) {
#pragma nu work(64)
  for (int i = 0; i < n; i++) {
    if (a[i] < 0.0f)
      goto done;
    a[i] = a[i] * 2.0f;
  }
done:
  a[0] = 1.0f;
}
