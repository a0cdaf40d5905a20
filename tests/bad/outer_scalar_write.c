// expect: 9:5: error: 'sum'
/* The body writes `sum`, a scalar declared outside the nest, and the update
 * is not a reduction (it is an order-dependent recurrence); the caret points
 * at the assignment's left operand. */
float smooth_last(const float *a, int n) {
  float sum = 0.0f;
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    sum = sum * 0.5f + a[i];
  return sum;
}
