// expect: 5:19: error: unroll(...): 'u' must be an integer constant
/* unroll factors are constants too. */
void scale(float *a, int n, int u) {
  // the caret goes under the factor
#pragma nu unroll(u)
  for (int i = 0; i < n; i++)
    a[i] = 2.0f * a[i];
}
