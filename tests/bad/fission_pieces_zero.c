// expect: 5:23: error: fission(...): '0' must be a number of statements
/* A piece holds one statement at least. */
void f(int n, float *a, float *b) {
  int i;
#pragma nu fission(2, 0)
  for (i = 0; i < n; i++) {
    a[i] = 1.0f;
    b[i] = 2.0f;
  }
}
