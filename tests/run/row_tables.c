/* row_tables.c — float **w, rows malloc'd one by one (gathered into one
 * buffer and scattered back) and rows in one block (w[i] = w[0] + i * m:
 * that block is the array), read and written by kernels, read and written
 * by host code of the same function between launches; a row sum whose
 * length nothing bounds (k < len[i]: each row's heap block says).  nucc
 * once refused every nest here ("'w' is a pointer to pointers"). */
#include <stdio.h>
#include <stdlib.h>

static void step(float **w, const float *x, int n, int m, int t) {
  for (int r = 0; r < t; r++) {
#pragma nu work(8, 8)
    for (int i = 0; i < n; i++)
      for (int j = 0; j < m; j++)
        w[i][j] = w[i][j] * 0.5f + x[j] + (float)i;
    /* the host sees the kernel's rows and changes one; the next launch sees it */
    w[r % n][r % m] += w[(r + 1) % n][1];
  }
}

static void row_sums(float **w, const int *len, float *s, int n) {
#pragma nu work(16)
  for (int i = 0; i < n; i++) {
    float a = 0;
    for (int k = 0; k < len[i]; k++)
      a += w[i][k];
    s[i] = a;
  }
}

static double check(float **w, int n, int m) {
  double c = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      c += w[i][j] * (1 + (i * 7 + j) % 13);
  return c;
}

int main(void) {
  int n = 37, m = 90;
  float *x = malloc(m * sizeof *x);
  for (int j = 0; j < m; j++)
    x[j] = (float)(j % 9) * 0.25f;
  float **one = malloc(n * sizeof *one), **blk = malloc(n * sizeof *blk);
  blk[0] = malloc((size_t)n * m * sizeof **blk);
  for (int i = 0; i < n; i++) {
    one[i] = malloc(m * sizeof **one);
    blk[i] = blk[0] + i * m;
    for (int j = 0; j < m; j++)
      one[i][j] = blk[i][j] = (float)((i * 31 + j * 17) % 23) - 11.0f;
  }
  step(one, x, n, m, 5);
  step(blk, x, n, m, 5);
  printf("rows one by one: %.3f\nrows in one block: %.3f\n", check(one, n, m), check(blk, n, m));
  /* rows of their own lengths: the kernel reads len[i] elements of row i */
  int *len = malloc(n * sizeof *len);
  float **var = malloc(n * sizeof *var), *s = malloc(n * sizeof *s);
  for (int i = 0; i < n; i++) {
    len[i] = 64 + (i * 5) % 40;
    var[i] = malloc(len[i] * sizeof **var);
    for (int k = 0; k < len[i]; k++)
      var[i][k] = (float)((i + k) % 7);
  }
  row_sums(var, len, s, n);
  row_sums(blk, len, s + 0, n < 30 ? n : 30);
  double t = 0;
  for (int i = 0; i < n; i++)
    t += s[i] * (i + 1);
  printf("row sums: %.3f\n", t);
  /* an array of row pointers is a table too */
  float *v[8];
  for (int i = 0; i < 8; i++) {
    v[i] = malloc(100 * sizeof(float));
    for (int j = 0; j < 100; j++)
      v[i][j] = (float)(i + j);
  }
#pragma nu work(8, 8)
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 100; j++)
      v[i][j] *= 2;
  t = 0;
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 100; j++)
      t += v[i][j] * (i + 1);
  printf("array of rows: %.1f\n", t);
  for (int i = 0; i < 8; i++)
    free(v[i]);
  for (int i = 0; i < n; i++) {
    free(one[i]);
    free(var[i]);
  }
  free(blk[0]);
  free(blk);
  free(one);
  free(var);
  free(len);
  free(s);
  free(x);
  return 0;
}
