// expect: 6:23: error: fission(...): this piece would start at statement 2, but statements 1 and 2
// pass values through the scalar 't' expect-note: statement 1
/* t passes a value from the first statement to the second. */
void f(int n, float *a, float *b, float *c) {
  float t;
#pragma nu fission(1, 2)
  for (int i = 0; i < n; i++) {
    t = a[i] * 2.0f;
    b[i] = t + 1.0f;
    c[i] = 3.0f;
  }
}
