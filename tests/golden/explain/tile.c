/* tile.c — tile(16,16): 16x16 tiles, tile loops outside; partial tiles at
 * the edges are bounded with min. */
void transpose(int n, int m, float (*t)[n], const float (*a)[m]) {
#pragma nu tile(16,16)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      t[j][i] = a[i][j];
}
