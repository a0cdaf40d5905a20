/* helper_write_row.c — helpers that write a row through a pointer the
 * kernel hands them: add(&acc[i][0], m, ...) accumulates into row i of a
 * two-dimensional array, scale(&y[i * m], m, s) scales row i of a flat one,
 * and axpy hands its row on to add.  Each work-item writes its own row, so
 * the dependence test must prove the rows apart (as for a loop written in
 * the body); the copy ranges come from the helper's loop bounds.  An
 * element the body updates in a loop beside such a call stays in memory. */
#include <stdio.h>
#include <stdlib.h>

#define M 6

static void add(float *out, int n, const float *x, float s) {
  for (int j = 0; j < n; j++)
    out[j] += s * x[j];
}

static void scale(float *row, int n, float s) {
  for (int j = 0; j < n; j++)
    row[j] = row[j] * s + (float)j;
}

/* the row handed on, from its second element (a lone row[0] here would
 * be y[i * m] for every i when m is 0: a dependence nucc cannot rule out) */
static void axpy(float *row, int n, const float *x) { add(&row[1], n - 1, &x[1], 0.5f); }

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 103, m = argc > 2 ? atoi(argv[2]) : 9;
  float(*acc)[M] = malloc(sizeof(float[M]) * (size_t)n);
  float *x = malloc(sizeof(float) * M);
  float *y = malloc(sizeof(float) * (size_t)(n * m));
  float *z = malloc(sizeof(float) * (size_t)m);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < M; j++)
      acc[i][j] = (float)((i + j) % 7);
  for (int j = 0; j < M; j++)
    x[j] = (float)j * 0.25f;
  for (int i = 0; i < n * m; i++)
    y[i] = (float)(i % 11);
  for (int j = 0; j < m; j++)
    z[j] = (float)(j % 3);

#pragma nu work(16)
  for (int i = 0; i < n; i++)
    add(&acc[i][0], M, x, (float)(i % 5));

#pragma nu work(16)
  for (int i = 0; i < n; i++) {
    scale(&y[i * m], m, 0.5f);
    axpy(&y[i * m], m, z);
  }

  /* acc[i][0] is touched at one place of the k loop, but the helper is
   * handed its row too: it must not live in a register across the loop */
#pragma nu work(16)
  for (int i = 0; i < n; i++)
    for (int k = 0; k < 3; k++) {
      acc[i][0] += 1.0f;
      add(&acc[i][0], M, x, (float)k);
    }

    /* called in a loop of the body, from column k to the row's end: the
     * helper's loop runs over a triangle of (k, j), still inside row i */
#pragma nu work(16)
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      scale(&y[i * m + k], m - k, 1.0f / (float)(k + 1));

  double s = 0, t = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < M; j++)
      s += acc[i][j] * (j + 1);
  for (int i = 0; i < n * m; i++)
    t += y[i] * (i % 4 + 1);
  printf("acc %.3f y %.3f y[1] %.3f y[last] %.3f\n", s, t, y[1], y[n * m - 1]);
  free(acc);
  free(x);
  free(y);
  free(z);
  return 0;
}
