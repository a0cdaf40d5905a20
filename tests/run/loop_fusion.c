/* loop_fusion.c — `fuse` joins adjacent loops with equal headers in the
 * body, so that an imperfect nest becomes one perfect nest and one
 * kernel: rows scaled then shifted (index names differ), three loops in
 * a run with a forward dependence on the same element, bodies that
 * declare locals of the same name, and fuse without work.  Odd sizes
 * leave partial work-groups. */
#include <stdio.h>

#define N 53
#define M 71

static float a[N][M], b[N][M], c[N][M], d[M];

static void scale_shift(int n, int m) {
#pragma nu work(8, 16) fuse
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++)
      a[i][j] = d[j] * (float)(i + 1);
    for (int jj = 0; jj < m; jj++)
      b[i][jj] = a[i][jj] + 1.0f;
    for (int j = 0; j < m; j++) {
      float t = a[i][j] - b[i][j];
      c[i][j] = t * t + (float)j;
    }
  }
}

static void locals(int n, int m) {
#pragma nu work(32) fuse
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++) {
      float t = a[i][j] * 0.5f;
      b[i][j] = t;
    }
    for (int j = 0; j < m; j++) {
      float t = b[i][j] + 2.0f;
      c[i][j] += t;
    }
  }
}

int main(void) {
  for (int j = 0; j < M; j++)
    d[j] = (float)(j % 9) * 0.125f;
  scale_shift(N, M);
  locals(N, M);
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s += a[i][j] + 2.0 * b[i][j] + 3.0 * c[i][j] * (double)(i % 3 + 1);
  printf("fused %.9e\n", s);

  float r[N][8];
#pragma nu fuse
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < 8; k++)
      r[i][k] = a[i][k];
    for (int k = 0; k < 8; k++)
      r[i][k] *= c[i][k];
  }
  s = 0;
  for (int i = 0; i < N; i++)
    for (int k = 0; k < 8; k++)
      s += r[i][k] * (k + 1);
  printf("host %.9e\n", s);
  return 0;
}
