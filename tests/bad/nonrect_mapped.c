// expect: 7:21: error: depend on 'i'
/* Both loops are mapped but the inner bound depends on the outer index: an
 * NDRange must be rectangular; the caret points at the inner condition. */
void lower(int n, float a[n][n]) {
#pragma nu work(8,8)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      a[i][j] = 0.0f;
}
