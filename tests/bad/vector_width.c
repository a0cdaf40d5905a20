// expect: 5:28: error: vector: the width must be 2, 4 or 8, not 3
/* OpenCL has vectors of 2, 3, 4, 8 and 16; nucc's blocks are 2, 4 or 8. */
void copy(int n, const float *a, float *b) {
  // the caret goes under the width
#pragma nu work(64) vector(3)
  for (int i = 0; i < n; i++)
    b[i] = a[i];
}
