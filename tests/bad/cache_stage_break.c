// expect: 10:9: error: cache(x): a 'break' leaves loop 'k', whose blocks of 'x' are staged
/* Leaving the staged loop early would leave the group's other work-items
 * waiting at its barrier. */
void first_neg(int n, int m, float a[][64], float *x, float *y) {
#pragma nu work(32) cache(x)
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int k = 0; k < m; k++) {
      if (a[i][k] * x[k] < 0.0f)
        break;
      s += a[i][k] * x[k];
    }
    y[i] = s;
  }
}
