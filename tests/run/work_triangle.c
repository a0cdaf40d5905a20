/* work_triangle.c — mapped loops whose bounds name the indices of mapped
 * loops outside them (triangles): the host launches the bounding box and
 * each work-item tests its own bounds.  Lower and upper triangles, a loop
 * counting down, bounds on two outer indices, a reduction over a triangle,
 * C89 indices whose values after the nest are printed, and syrk in its
 * legacy order made into two triangular kernels by permut and fission. */
#include <stdio.h>
#include <stdlib.h>

#define N 37

static double sum2(int n, int m, double a[n][m]) {
  double s = 0.0, w = 0.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      s += a[i][j];
      w += a[i][j] * (double)((i * 7 + j * 3) % 11 + 1);
    }
  return s + 1e-3 * w;
}

/* syrk, C = alpha*A*A^T + beta*C on the lower triangle, as old code writes
 * it: the j loop under the k loop */
static void syrk(int n, int m, double alpha, double beta, double C[n][n], double A[n][m]) {
  int i, j, k;
#pragma nu work(8, 8) permut(1, 3, 2) fission
  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (k = 0; k < m; k++)
      for (j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
  }
}

int main(void) {
  int n = N, m = 23, i, j, k;
  double(*a)[N] = malloc(sizeof(double[N][N]));
  double(*c)[N] = malloc(sizeof(double[N][N]));
  double(*x)[m] = malloc(sizeof(double[N][m]));
  float(*t)[N][N] = calloc(1, sizeof(float[N][N][N]));
  if (!a || !c || !x || !t)
    return 1;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      a[i][j] = (double)((i * 5 + j * 3) % 13) / 13.0;
      c[i][j] = (double)((i + 2 * j) % 7) / 7.0;
    }
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      x[i][j] = (double)((i * j + 1) % 17) / 17.0;

      /* strictly lower triangle, C89 indices: i and j keep their last values */
#pragma nu work(8, 8)
  for (i = 1; i < n; i++)
    for (j = 0; j < i; j++)
      a[i][j] = a[i][j] * 2.0 + j;
  printf("lower: %.6f i=%d j=%d\n", sum2(n, n, a), i, j);

  /* upper triangle from the diagonal, a loop counting down */
#pragma nu work(4, 16)
  for (i = 0; i < n; i++)
    for (j = n - 1; j >= i; j--)
      a[i][j] = a[i][j] - 0.5 * i;
  printf("upper: %.6f i=%d j=%d\n", sum2(n, n, a), i, j);

  /* a band: both ends move with i */
#pragma nu work(8, 8)
  for (i = 3; i < n - 4; i++)
    for (j = i - 3; j < i + 4; j++)
      c[i][j] += 1.0;
  printf("band: %.6f\n", sum2(n, n, c));

  /* three mapped loops, the innermost bounded by both outer ones */
#pragma nu work(2, 4, 8)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      for (k = n - 1 - i; k < n; k++)
        t[i][j][k] = (float)(i + j + k);
  printf("box: %.1f %.1f\n", (double)t[n - 1][n - 1][n - 1], (double)t[3][5][1]);
#pragma nu work(2, 4, 8)
  for (i = 0; i < n; i++)
    for (j = 0; j <= i; j++)
      for (k = j; k <= i; k++)
        t[i][j][k] = -t[i][j][k];
  double ts = 0.0;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      for (k = 0; k < n; k++)
        ts += t[i][j][k] * (double)((i + 2 * j + 3 * k) % 5);
  printf("tetra: %.1f\n", ts);

  /* a reduction over the lower triangle */
  double s = 0.0;
#pragma nu work(8, 8) reduce(+ : s)
  for (i = 0; i < n; i++)
    for (j = 0; j <= i; j++)
      s += a[i][j] * c[j][i];
  printf("reduce: %.6f\n", s);

  syrk(n, m, 1.5, 1.2, c, x);
  printf("syrk: %.6f\n", sum2(n, n, c));
  free(a);
  free(c);
  free(x);
  free(t);
  return 0;
}
