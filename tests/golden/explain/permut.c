/* permut.c — permut(2,1): the j loop becomes the outer loop. */
void transpose(int n, int m, float (*t)[n], const float (*a)[m]) {
#pragma nu permut(2,1)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      t[j][i] = a[i][j];
}
