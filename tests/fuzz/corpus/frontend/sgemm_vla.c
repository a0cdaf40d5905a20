void sgemm(int n, float (*c)[n], const float (*a)[n], const float (*b)[n]) {
#pragma nu work(16, 16)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float s = 0.0f;
      for (int k = 0; k < n; k++)
        s += a[i][k] * b[k][j];
      c[i][j] = s;
    }
}
