void fill(int n, float a[n][n][n]) {
#pragma nu work(8)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        a[i][j][k] = 1.0f;
}
