// expect: 5:12: error: fission(...): the pieces hold 4 statements, but the body of loop 'i' has 3
/* The counts must add up to the statements of the body. */
void f(int n, float *a, float *b, float *c) {
  int i;
#pragma nu fission(2, 2)
  for (i = 0; i < n; i++) {
    a[i] = 1.0f;
    b[i] = 2.0f;
    c[i] = 3.0f;
  }
}
