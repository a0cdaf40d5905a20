// expect: 6:28: error: vector: the body of loop 'i' cannot run as vectors
// expect-note: the subscript '2 * i' must be 'i' plus or minus a constant
/* vector's lanes are consecutive elements: a stride of 2 would gather. */
void even(int n, const float *a, float *b) {
  // the caret goes under the width
#pragma nu work(64) vector(4)
  for (int i = 0; i < n; i++)
    b[i] = a[2 * i];
}
