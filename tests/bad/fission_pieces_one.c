// expect: 5:12: error: fission(2) makes one piece: it distributes nothing
/* One piece is no distribution. */
void f(int n, float *a, float *b) {
  int i;
#pragma nu fission(2)
  for (i = 0; i < n; i++) {
    a[i] = 1.0f;
    b[i] = 2.0f;
  }
}
