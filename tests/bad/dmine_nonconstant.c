// expect: 5:18: error: dmine(...): 'f' must be an integer constant
/* dmine factors are constants: the copies are made at compile time. */
void scale(float *a, int n, int f) {
  // the caret goes under the factor
#pragma nu dmine(f)
  for (int i = 0; i < n; i++)
    a[i] = 2.0f * a[i];
}
