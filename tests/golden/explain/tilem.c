/* tilem.c — tilem(16,16): full 16x16 tiles in the main part, the partial
 * tiles at the edges in remainder nests. */
void transpose(int n, int m, float (*t)[n], const float (*a)[m]) {
#pragma nu tilem(16,16)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      t[j][i] = a[i][j];
}
