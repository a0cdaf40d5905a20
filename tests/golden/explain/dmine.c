/* dmine.c — dmine(2,2): four copies of the body (i, i+1) x (j, j+1), their
 * statements interleaved and their k loops jammed into one. */
void matmul(int n, const float (*a)[n], const float (*b)[n], float (*c)[n]) {
#pragma nu dmine(2,2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float s = 0.0f;
      for (int k = 0; k < n; k++)
        s += a[i][k] * b[k][j];
      c[i][j] = s;
    }
}
