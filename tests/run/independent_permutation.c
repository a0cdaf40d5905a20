/* independent_permutation.c — a scatter through a permutation, `a[p[i]] = ...`,
 * whose independence the compiler cannot prove: the user promises it with
 * `work(64) independent`, and gives the extent with `size(a: n)`.  Also a
 * 2-D scatter of whole rows through a permutation (`independent` again).
 * Proves the clause lets an undecided nest run as a kernel. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 500;
  int m = argc > 2 ? atoi(argv[2]) : 12;
  int *p = malloc((size_t)n * sizeof *p);
  float *a = malloc((size_t)n * sizeof *a);
  float *src = malloc((size_t)n * sizeof *src);
  float(*rows)[m] = malloc(sizeof(float[n][m]));
  /* p is a permutation of 0..n-1: i -> (i * k + 7) mod n with gcd(k, n) = 1. */
  int k = 1;
  for (int c = 2; c < n; c++) {
    int x = c, y = n;
    while (y != 0) {
      int r = x % y;
      x = y;
      y = r;
    }
    if (x == 1 && c * c > n) {
      k = c;
      break;
    }
  }
  for (int i = 0; i < n; i++) {
    p[i] = (int)(((long)i * k + 7) % n);
    src[i] = (float)(i % 19) * 0.5f;
  }

#pragma nu work(64) independent size(a : n)
  for (int i = 0; i < n; i++)
    a[p[i]] = src[i] * 2.0f + (float)i;

#pragma nu work(16, 4) size(rows : n) independent
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      rows[p[i]][j] = a[i] + (float)j;

  double sa = 0.0, sr = 0.0;
  for (int i = 0; i < n; i++) {
    sa += a[i] * (i % 5 + 1);
    for (int j = 0; j < m; j++)
      sr += rows[i][j] * (j + 1);
  }
  printf("n=%d m=%d k=%d\n", n, m, k);
  printf("a %.6e rows %.6e\n", sa, sr);
  printf("a[0]=%g a[p[0]]=%g a[n-1]=%g rows[3][m-1]=%g\n", a[0], a[p[0]], a[n - 1], rows[3][m - 1]);
  free(p), free(a), free(src), free(rows);
  return 0;
}
