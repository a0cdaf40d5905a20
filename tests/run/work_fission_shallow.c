/* work_fission_shallow.c — fission leaves pieces of different depths: a
 * piece of one loop (a[i] = 0) beside one of two, and correlation's
 * diagonal beside its triangle.  work(16,16) maps two loops where a piece
 * has them and the one loop of the shallower piece, with the innermost
 * work-group size. */
#include <stdio.h>
#include <stdlib.h>

static void init(int n, int m, float *a, float (*b)[m]) {
#pragma nu work(16, 16) fission
  for (int i = 0; i < n; i++) {
    a[i] = 0.5f * i;
    for (int j = 0; j < m; j++)
      b[i][j] = a[i] + j;
  }
}

/* the last nest of correlation: 1 on the diagonal, the products of the
 * columns above and below it */
static void corr(int m, int n, double data[n][m], double c[m][m]) {
  int i, j, k;
  double w;
#pragma nu work(8, 8) fission
  for (i = 0; i < m - 1; i++) {
    c[i][i] = 1.0;
    for (j = i + 1; j < m; j++) {
      w = 0.0;
      for (k = 0; k < n; k++)
        w += data[k][i] * data[k][j];
      c[i][j] = w;
      c[j][i] = w;
    }
  }
  c[m - 1][m - 1] = 1.0;
}

int main(void) {
  int n = 29, m = 41;
  float *a = malloc(sizeof(float) * n);
  float(*b)[m] = malloc(sizeof(float[n][m]));
  double(*d)[m] = malloc(sizeof(double[n][m]));
  double(*c)[m] = malloc(sizeof(double[m][m]));
  if (!a || !b || !d || !c)
    return 1;
  init(n, m, a, b);
  double s = 0.0;
  for (int i = 0; i < n; i++) {
    s += a[i];
    for (int j = 0; j < m; j++)
      s += b[i][j] * ((i + j) % 3);
  }
  printf("init: %.3f\n", s);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      d[i][j] = (double)((i * 3 + j * 7) % 19) / 19.0 - 0.5;
  corr(m, n, d, c);
  s = 0.0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < m; j++)
      s += c[i][j] * ((i * 5 + j) % 7 + 1);
  printf("corr: %.6f %.6f %.6f\n", s, c[3][17], c[17][3]);
  free(a);
  free(b);
  free(d);
  free(c);
  return 0;
}
