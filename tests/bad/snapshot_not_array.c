// expect: 6:30: error: snapshot(...): 's' is not an array variable in scope at the nest
/* Only arrays are copied. */
void scale(int n, float *x) {
  int i;
  float s = 2.0f;
#pragma nu work(64) snapshot(s)
  for (i = 0; i < n - 1; i++)
    x[i] = x[i + 1] * s;
}
