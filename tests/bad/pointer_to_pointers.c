// expect: 8:7: error: 'a' is a pointer to pointers
/* float **a is rows of pointers, not one block of numbers: refused. */
void fill(float **a, int n) {
#pragma nu work(8, 8)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      // the caret goes under the array
      a[i][j] = (float)(10 * i + j);
}
