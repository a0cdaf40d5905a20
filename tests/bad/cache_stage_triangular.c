// expect: 8:25: error: cache(a): the bounds of loop 'k' use 'i', which may differ between the work-items of a group
/* A staged loop must run the same iterations in every work-item of a group:
 * they all meet at its barriers.  A triangular bound does not. */
void lower(int n, float a[][64], float *x, float *y) {
#pragma nu work(32) cache(a)
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int k = 0; k < i; k++)
      s += a[i][k] * x[k];
    y[i] = s;
  }
}
