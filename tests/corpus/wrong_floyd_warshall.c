/* wrong_floyd_warshall.c — floyd_warshall.c without the copies of row k and
 * column k: the (i, j) update of step k under work(16,16).  Work-item
 * (k, j) writes path[k][j] while every (i, j) reads it.  The value written
 * there never changes (path[k][k] is 0), but the accesses conflict, and a
 * compiler that decides by dependences must refuse it. */
#include <stdio.h>

#define N 47
#define INF 100000

static int path[N][N];

void kernel_floyd_warshall(int n, int path[N][N]) {
  int i, j, k;

  for (k = 0; k < n; k++) {
#pragma nu work(16, 16)
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        path[i][j] = path[i][j] < path[i][k] + path[k][j] ? path[i][j] : path[i][k] + path[k][j];
  }
}

int main(void) {
  int i, j;
  long s = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      if (i == j)
        path[i][j] = 0;
      else if ((i * 5 + j * 3) % 7 == 0 || j == (i + 1) % N)
        path[i][j] = (i * j) % 9 + 1 + (j == (i + 1) % N ? 20 : 0);
      else
        path[i][j] = INF;
    }
  kernel_floyd_warshall(N, path);
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      s += path[i][j];
  printf("path %ld\n", s);
  return 0;
}
