// expect: 8:21: error: the bounds of loop 'j' depend on 'i' other than affinely
/* Both loops are mapped and the inner bound depends on the outer index, but
 * not affinely: the host could not take the bounding box at the corners of
 * i's range.  The caret points at the inner condition. */
void lower(int n, float a[n][n]) {
#pragma nu work(8,8)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i * i; j++)
      a[i][j % n] = 0.0f;
}
