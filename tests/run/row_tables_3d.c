/* row_tables_3d.c — double ***u grids (planes of row pointers, rows in one
 * block per grid, as Rodinia-style codes allocate them) swept by a 3-D
 * Jacobi step that swaps the two grids' tables between steps (the offset
 * tables are kept per table, uploaded once); and a grid whose rows are
 * malloc'd one by one, gathered and scattered back.  nucc once refused
 * them ("a pointer to pointers"). */
#include <stdio.h>
#include <stdlib.h>

static double ***grid(int n, int one_block) {
  double ***u = malloc(n * sizeof *u);
  double *data = one_block ? malloc((size_t)n * n * n * sizeof *data) : NULL;
  for (int i = 0; i < n; i++) {
    u[i] = malloc(n * sizeof **u);
    for (int j = 0; j < n; j++) {
      u[i][j] = one_block ? data + ((size_t)i * n + j) * n : malloc(n * sizeof ***u);
      for (int k = 0; k < n; k++)
        u[i][j][k] = (double)((i * 7 + j * 3 + k) % 11);
    }
  }
  return u;
}

static void release(double ***u, int n, int one_block) {
  if (one_block)
    free(u[0][0]);
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n && !one_block; j++)
      free(u[i][j]);
    free(u[i]);
  }
  free(u);
}

static void jacobi(double ***a, double ***b, int n) {
#pragma nu work(4, 4, 8)
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      for (int k = 1; k < n - 1; k++)
        b[i][j][k] = (a[i - 1][j][k] + a[i + 1][j][k] + a[i][j - 1][k] + a[i][j + 1][k] +
                      a[i][j][k - 1] + a[i][j][k + 1]) /
                     6.0;
}

static double sum(double ***u, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        s += u[i][j][k] * (1 + (i + 2 * j + 3 * k) % 5);
  return s;
}

int main(void) {
  int n = 34;
  double ***a = grid(n, 1), ***b = grid(n, 1);
  for (int t = 0; t < 6; t++) {
    jacobi(a, b, n);
    double ***s = a;
    a = b;
    b = s;
  }
  printf("one block: %.6f\n", sum(a, n));
  double ***c = grid(n, 0), ***d = grid(n, 0);
  jacobi(c, d, n);
  jacobi(d, c, n);
  printf("rows one by one: %.6f\n", sum(c, n));
  release(a, n, 1);
  release(b, n, 1);
  release(c, n, 0);
  release(d, n, 0);
  return 0;
}
