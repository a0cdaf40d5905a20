// expect: 5:12: error: permut: loop 'j' bounds depend on 'i'
/* A triangular nest cannot be interchanged as it is. */
void tri(float (*a)[100], int n) {
  // the caret goes under the annotation
#pragma nu permut(2, 1)
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      a[i][j] = 1.0f;
}
