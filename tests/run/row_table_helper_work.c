// nucc-kernels: 3
/* row_table_helper_work.c — tables of rows handed to helpers under
 * #pragma nu work: smooth writes a double *** grid's row through
 * u[i][j][k] (rows malloc'd one by one: gathered, and scattered back
 * after the launch) from another grid whose rows share one block; axpy
 * updates w[row][j] in place and hands its table on whole to get, which
 * reads it; at() reads one element of each of two tables in a 2-D nest.
 * nucc once refused every call ("takes 'float **'"). */
#include <stdio.h>
#include <stdlib.h>

#define G 10
#define N 40
#define M 24

static void smooth(double ***out, double ***in, int i, int j, int n) {
  for (int k = 1; k < n - 1; k++)
    out[i][j][k] = (in[i][j][k - 1] + 2.0 * in[i][j][k] + in[i][j][k + 1]) * 0.25 + out[i][j][k];
}

static float get(float **w, int row, int j) { return w[row][j]; }

static void axpy(float **w, const float *x, int row, int m, float a) {
  for (int j = 0; j < m; j++)
    w[row][j] = a * x[j] + get(w, row, j);
}

static float at(float **a, float **b, int i, int j) { return a[i][j] - 0.5f * b[j % N][i % M]; }

int main(void) {
  double ***u = malloc(G * sizeof *u), ***v = malloc(G * sizeof *v);
  double *vblock = malloc((size_t)G * G * G * sizeof *vblock);
  for (int i = 0; i < G; i++) {
    u[i] = malloc(G * sizeof **u);
    v[i] = malloc(G * sizeof **v);
    for (int j = 0; j < G; j++) {
      u[i][j] = malloc(G * sizeof ***u);
      v[i][j] = vblock + ((size_t)i * G + j) * G;
      for (int k = 0; k < G; k++) {
        u[i][j][k] = (double)((i + j + k) % 4);
        v[i][j][k] = (double)((i * 7 + j * 3 + k) % 11) * 0.5;
      }
    }
  }
  float **w = malloc(N * sizeof *w), *wblock = malloc((size_t)N * M * sizeof *wblock);
  float **q = malloc(N * sizeof *q), *x = malloc(M * sizeof *x);
  float *y = malloc((size_t)N * M * sizeof *y);
  for (int i = 0; i < N; i++) {
    w[i] = wblock + (size_t)i * M;
    q[i] = malloc(M * sizeof **q);
    for (int j = 0; j < M; j++) {
      w[i][j] = (float)((i * 5 + j) % 9) - 4.0f;
      q[i][j] = (float)((i + 3 * j) % 7) * 0.25f;
    }
  }
  for (int j = 0; j < M; j++)
    x[j] = (float)(j % 3) + 0.5f;

#pragma nu work(4, 4)
  for (int i = 0; i < G; i++)
    for (int j = 0; j < G; j++)
      smooth(u, v, i, j, G);
#pragma nu work(16)
  for (int i = 0; i < N; i++)
    axpy(w, x, i, M, 0.5f + (float)(i % 3));
#pragma nu work(8, 8)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y[i * M + j] = at(w, q, i, j) + at(q, w, i, j);

  double s = 0, t = 0, r = 0;
  for (int i = 0; i < G; i++)
    for (int j = 0; j < G; j++)
      for (int k = 0; k < G; k++)
        s += u[i][j][k] * (1 + (i + 2 * j + 3 * k) % 5);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      t += w[i][j] * (1 + (i + j) % 4);
      r += y[i * M + j] * (1 + (i * j) % 3);
    }
  printf("smooth %.4f\naxpy %.4f\nat %.4f\n", s, t, r);
  for (int i = 0; i < G; i++) {
    for (int j = 0; j < G; j++)
      free(u[i][j]);
    free(u[i]);
    free(v[i]);
  }
  for (int i = 0; i < N; i++)
    free(q[i]);
  free(u);
  free(v);
  free(vblock);
  free(w);
  free(wblock);
  free(q);
  free(x);
  free(y);
  return 0;
}
