#define N 64
float g[N][N];
void f(int n, float *x) {
#pragma nu size(x: n)

  /* a comment between the lines of a group */
#pragma nu work(8, 8) independent
  for (int i = 0; i < N; i++)
    for (int j = N - 1; j >= 0; j--)
      g[i][j] = x[(i * N + j) % n];
#pragma nu work(4)
  for (long k = 10; k > 0; k -= 2)
    x[k] = 0;
}
