/* write_ranges.c — kernels that write fewer rows than they read (issue 25
 * §1: each launch names the rows its kernel writes, nurt_arg_writes, and
 * the rest of the range it reads keeps its freshness), with host code
 * between the launches that reads rows the kernel wrote and writes rows it
 * only read, which the next launch must see.  A written row the stub left
 * out of the range would print stale values here; a row named written that
 * the kernel did not write would overwrite the host's changes.  Forms: LU's
 * column and update kernels on a flattened matrix, a stencil over the
 * inside of an array, dmine and unroll with remainders (n is no multiple),
 * a pointer into the array that writes below itself, conditional writes, a
 * fixed 2-D global array, a size() array and a scatter through an index. */
#include <stdio.h>
#include <stdlib.h>

#define R 24
#define C 20

static float g[R][C];

static double weighted(const float *v, int len) {
  double s = 0.0;
  for (int i = 0; i < len; i++)
    s += v[i] * (double)(i % 7 + 1);
  return s;
}

/* writes p[-1 .. m-2], reads p[m]: below the pointer */
static void shift_below(float *p, const float *q, int m) {
#pragma nu work(16)
  for (int i = 0; i < m - 1; i++)
    p[i - 1] = p[i - 1] * 0.5f + p[m] * q[i];
}

/* writes v[1 .. m-2] of an array sized by size(), reads v[0] and v[m-1] */
static void inside_sized(float *v, int m) {
#pragma nu work(16) size(v : m)
  for (int i = 1; i < m - 1; i++)
    v[i] = v[i] * 0.25f + v[0] - v[m - 1];
}

/* v[idx[i]]: a write nucc cannot bound; the whole array counts */
static void scatter(float *v, const int *idx, int m) {
#pragma nu work(16) size(v : m) independent
  for (int i = 0; i < m / 2; i++)
    v[idx[i]] = v[idx[i]] + 1.0f;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 83; /* a prime: every remainder runs */
  float *a = malloc((size_t)n * (size_t)n * sizeof *a);
  float *b = malloc((size_t)n * sizeof *b), *c = malloc((size_t)n * sizeof *c);
  float *d = malloc((size_t)(n + 2) * sizeof *d);
  int *idx = malloc((size_t)n * sizeof *idx);
  double host = 0.0; /* what host code read between the launches */

  /* LU without pivoting: row k is read, rows k+1.. are written */
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i * n + j] = i == j ? (float)n : (float)((i * 7 + j * 3) % 11) / 11.0f;
  for (int k = 0; k < 5; k++) {
#pragma nu work(32) independent
    for (int i = k + 1; i < n; i++)
      a[i * n + k] /= a[k * n + k];
    host += a[(k + 1) * n + k] + a[(n - 1) * n + k] + a[k * n + k + 1];
    a[k * n + n - 1] += 0.125f; /* row k: only read by the update */
#pragma nu work(8, 16) independent
    for (int i = k + 1; i < n; i++)
      for (int j = k + 1; j < n; j++)
        a[i * n + j] -= a[i * n + k] * a[k * n + j];
    host += a[(k + 1) * n + n - 1] + a[(n - 1) * n + k + 1];
    a[k * n + k] = 1.0f + (float)k; /* read by no later kernel */
  }
  printf("lu %.6e host %.6e\n", weighted(a, n * n), host);

  /* a stencil over the inside, ping-pong: reads 0..n-1, writes 1..n-2;
   * the host moves the ends between the sweeps */
  for (int i = 0; i < n; i++)
    b[i] = c[i] = (float)(i % 5);
  for (int t = 0; t < 4; t++) {
#pragma nu work(32)
    for (int i = 1; i < n - 1; i++)
      c[i] = (b[i - 1] + b[i] + b[i + 1]) / 3.0f;
    host += c[1] + c[n - 2];
    c[0] = (float)t;
    c[n - 1] = (float)(2 * t);
#pragma nu work(32)
    for (int i = 1; i < n - 1; i++)
      b[i] = (c[i - 1] + c[i] + c[i + 1]) / 3.0f + b[0] - b[n - 1];
    host += b[n / 2];
    b[0] = c[1];
    b[n - 1] = c[0];
  }
  printf("stencil b %.6e c %.6e host %.6e\n", weighted(b, n), weighted(c, n), host);

  /* dmine and unroll: main kernels and remainders each name their own rows */
  for (int t = 0; t < 3; t++) {
#pragma nu work(8) dmine(4)
    for (int i = 2; i < n; i++)
      b[i] = b[i] * 0.5f + b[0] + b[1];
    host += b[2] + b[n - 1];
    b[1] += 1.0f;
#pragma nu work(16) unroll(3)
    for (int i = 0; i < n - 3; i++)
      c[i] = c[i] + c[n - 1] * c[n - 2];
    host += c[n - 4] + c[0];
    c[n - 1] = 0.5f * (float)t;
#pragma nu work(4, 4) dmine(2, 3) independent
    for (int i = 1; i < n; i++)
      for (int j = 0; j < n - 1; j++)
        a[i * n + j] = a[i * n + j] * 0.5f + a[j] + a[i * n + n - 1];
    host += a[(n - 1) * n + n - 2] + a[n * 2 - 2];
    a[3] += 1.0f;
  }
  printf("remainders a %.6e b %.6e c %.6e host %.6e\n", weighted(a, n * n), weighted(b, n),
         weighted(c, n), host);

  /* a pointer one past the start: the kernel writes d[0 .. n-2], reads d[n+1] */
  for (int i = 0; i < n + 2; i++)
    d[i] = (float)i;
  for (int t = 0; t < 3; t++) {
    shift_below(d + 1, c, n);
    host += d[0] + d[n - 2];
    d[n + 1] = (float)(t + 3);
    d[n - 1] = -1.0f;
  }
  printf("below %.6e host %.6e\n", weighted(d, n + 2), host);

  /* conditional writes: an affine condition, and one on the data */
  for (int t = 0; t < 3; t++) {
#pragma nu work(16)
    for (int i = 0; i < n - 2; i++)
      if (i % 3 == 1)
        c[i + 1] = c[0] + (float)i;
    host += c[2] + c[n - 3];
    c[0] += 1.0f;
    c[3] = -2.0f;
#pragma nu work(16)
    for (int i = 0; i < n / 2; i++)
      if (b[i] > 1.0f)
        c[i + n / 2] = c[1] * 0.5f + b[i];
    host += c[n / 2] + c[n - 1];
    c[1] = (float)t;
  }
  printf("conditional c %.6e host %.6e\n", weighted(c, n), host);

  /* a fixed 2-D global array: rows 1.. are written, row 0 only read */
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      g[i][j] = (float)(i + j);
  for (int t = 0; t < 3; t++) {
#pragma nu work(4, 8)
    for (int i = 1; i < R - 2; i++)
      for (int j = 0; j < C; j++)
        g[i][j] = g[i][j] * 0.5f + g[0][j] + g[R - 1][j];
    host += g[1][0] + g[R - 3][C - 1];
    g[0][3] += 1.0f;
    g[R - 1][5] -= 2.0f;
    g[R - 2][1] = 7.0f;
  }
  printf("global %.6e host %.6e\n", weighted(&g[0][0], R * C), host);

  /* size(): rows 1..n-2 written; an index scatter: the whole array */
  for (int i = 0; i < n; i++) {
    b[i] = (float)(i % 4);
    idx[i] = (i * 5) % n;
  }
  for (int t = 0; t < 3; t++) {
    inside_sized(b, n);
    host += b[1] + b[n - 2];
    b[0] = (float)t;
    b[n - 1] = 0.5f;
    scatter(b, idx, n);
    host += b[0] + b[idx[n / 2 - 1]];
    b[2] = 3.0f;
  }
  printf("sized %.6e host %.6e\n", weighted(b, n), host);
  free(a);
  free(b);
  free(c);
  free(d);
  free(idx);
  return 0;
}
