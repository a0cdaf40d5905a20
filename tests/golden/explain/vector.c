/* vector.c — vector(1,4): loop j in aligned blocks of 4; under work, a block
 * wholly in range runs as float4 vectors, the others lane by lane. */
void blur(int n, int m, const float (*a)[m], float (*b)[m]) {
#pragma nu vector(1, 4)
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      b[i][j] = 0.25f * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
}
