// nucc-flags: --openmp
// nucc-kernels: 3
/* row_table_helper_omp.c — tables of rows handed to helpers, Rodinia
 * backprop's shape (bpnn_layerforward(l1, l2, conn, n1, n2) reading
 * conn[k][j]): dot reads w[row][j] of a table whose rows are malloc'd one
 * by one, and is called twice in one loop with two tables; put writes
 * out[row][j] of a table whose rows share one block, which must come back
 * to the host; sum3 reads a double *** grid.  nucc once kept these loops
 * on the host ("function 'dot' called from a kernel takes 'float **'"). */
#include <stdio.h>
#include <stdlib.h>

#define N 64
#define M 48
#define G 12

static float dot(float **w, const float *x, int row, int m) {
  float s = 0.0f;
  for (int j = 0; j < m; j++)
    s += w[row][j] * x[j];
  return s;
}

static void put(float **out, int row, int m, float v) {
  for (int j = 0; j < m; j++)
    out[row][j] = v * (float)(j + 1) - (float)row;
}

static double sum3(double ***u, int i, int n) {
  double s = 0;
  for (int j = 0; j < n; j++)
    for (int k = 0; k < n; k++)
      s += u[i][j][k] * (double)(k + 1);
  return s;
}

int main(void) {
  float **w = malloc(N * sizeof *w), **v = malloc(N * sizeof *v);
  float **out = malloc(N * sizeof *out), *block = malloc((size_t)N * M * sizeof *block);
  float *x = malloc(M * sizeof *x), *y = malloc(N * sizeof *y);
  for (int i = 0; i < N; i++) {
    w[i] = malloc(M * sizeof **w);
    v[i] = malloc(M * sizeof **v);
    out[i] = block + (size_t)i * M;
    for (int j = 0; j < M; j++) {
      w[i][j] = (float)((i * 3 + j) % 7) - 3.0f;
      v[i][j] = (float)((i + j * 5) % 11) * 0.5f;
      out[i][j] = -1.0f;
    }
  }
  for (int j = 0; j < M; j++)
    x[j] = (float)(j % 5);
  double ***u = malloc(G * sizeof *u), *r = malloc(G * sizeof *r);
  for (int i = 0; i < G; i++) {
    u[i] = malloc(G * sizeof **u);
    for (int j = 0; j < G; j++) {
      u[i][j] = malloc(G * sizeof ***u);
      for (int k = 0; k < G; k++)
        u[i][j][k] = (double)((i * 7 + j * 3 + k) % 13) * 0.25;
    }
  }

#pragma omp parallel for
  for (int i = 0; i < N; i++)
    y[i] = dot(w, x, i, M) + 2.0f * dot(v, x, i, M);
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    put(out, i, M, y[i] * 0.01f);
#pragma omp parallel for
  for (int i = 0; i < G; i++)
    r[i] = sum3(u, i, G);

  double s = 0, t = 0, q = 0;
  for (int i = 0; i < N; i++) {
    s += y[i] * (i + 1);
    for (int j = 0; j < M; j++)
      t += out[i][j] * (1 + (i + j) % 3);
  }
  for (int i = 0; i < G; i++)
    q += r[i] * (i + 1);
  printf("dot %.4f\nput %.4f\nsum3 %.4f\n", s, t, q);
  for (int i = 0; i < N; i++) {
    free(w[i]);
    free(v[i]);
  }
  for (int i = 0; i < G; i++) {
    for (int j = 0; j < G; j++)
      free(u[i][j]);
    free(u[i]);
  }
  free(w);
  free(v);
  free(out);
  free(block);
  free(x);
  free(y);
  free(u);
  free(r);
  return 0;
}
