/* floyd_warshall.c — all-pairs shortest paths on an integer graph.
 * Legacy constructs: fixed-size int array parameters, C89 declarations, a
 * C89 temporary d, and row k / column k copied into rowk / colk first so
 * that the (i, j) update of step k provably reads nothing it writes (the
 * naive form writes row k while others read it: see wrong_floyd_warshall.c). */
#include <stdio.h>

#define N 47
#define INF 100000

static int path[N][N];
static int rowk[N], colk[N];

void kernel_floyd_warshall(int n, int path[N][N], int rowk[N], int colk[N]) {
  int i, j, k, d;

  for (k = 0; k < n; k++) {
#pragma nu work(64)
    for (i = 0; i < n; i++) {
      colk[i] = path[i][k];
      rowk[i] = path[k][i];
    }
#pragma nu work(16, 16)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++) {
        d = colk[i] + rowk[j];
        if (d < path[i][j])
          path[i][j] = d;
      }
  }
}

int main(void) {
  int i, j;
  long s = 0, ws = 0;
  int unreachable = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      if (i == j)
        path[i][j] = 0;
      else if ((i * 5 + j * 3) % 7 == 0 || j == (i + 1) % N)
        path[i][j] = (i * j) % 9 + 1 + (j == (i + 1) % N ? 20 : 0);
      else
        path[i][j] = INF;
    }
  kernel_floyd_warshall(N, path, rowk, colk);
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      if (path[i][j] >= INF)
        unreachable++;
      s += path[i][j];
      ws += (long)path[i][j] * ((i + 2 * j) % 5 + 1);
    }
  printf("path %ld %ld %d\n", s, ws, unreachable);
  printf("path[0][N-1] %d path[N-1][0] %d\n", path[0][N - 1], path[N - 1][0]);
  return 0;
}
