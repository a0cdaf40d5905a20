// expect: 5:12: error: permut: the interchange would reverse a dependence
/* a[i][j] depends on a[i-1][j+1]: interchanging i and j would reverse it. */
void wave(float (*a)[100], int n) {
  // the caret goes under the annotation
#pragma nu permut(2, 1)
  for (int i = 1; i < n; i++)
    for (int j = 0; j < n - 1; j++)
      a[i][j] = a[i - 1][j + 1] + 1.0f;
}
