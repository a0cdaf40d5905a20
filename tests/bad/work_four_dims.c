// expect: 5:23: error: at most 3
/* An NDRange has at most 3 dimensions: work with 4 arguments is refused even
 * on a 4-deep nest; the caret points at the fourth argument. */
void fill(int n, float a[n][n][n][n]) {
#pragma nu work(4,4,4,4)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        for (int l = 0; l < n; l++)
          a[i][j][k][l] = 1.0f;
}
