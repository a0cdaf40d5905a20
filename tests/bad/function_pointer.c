// expect: 7:12: error: function pointer
/* A call through a function pointer: OpenCL has no function pointers; the
 * caret points at the callee expression. */
void apply(float *b, const float *a, int n, float (*f)(float)) {
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    b[i] = f(a[i]);
}
