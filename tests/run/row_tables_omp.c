// nucc-flags: --openmp
// nucc-kernels: 2
/* row_tables_omp.c — Rodinia's backprop as shipped, under --openmp: the
 * weights are float ** tables whose rows alloc_2d_dbl mallocs one by one;
 * layerforward sums a column of them per unit (conn[k][j]), adjust_weights
 * updates two tables in place.  nucc once kept both loops on the host
 * ("'conn' is a pointer to pointers"). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define ETA 0.3f
#define MOMENTUM 0.3f

static float squash(float x) { return 1.0f / (1.0f + expf(-x)); }

static float **alloc_2d_dbl(int m, int n) {
  float **new = malloc(m * sizeof(float *));
  for (int i = 0; i < m; i++)
    new[i] = malloc(n * sizeof(float));
  return new;
}

static void bpnn_layerforward(float *l1, float *l2, float **conn, int n1, int n2) {
  float sum;
  int j, k;
  l1[0] = 1.0f;
#pragma omp parallel for shared(conn, n1, n2, l1) private(k, j) schedule(static)
  for (j = 1; j <= n2; j++) {
    sum = 0.0f;
    for (k = 0; k <= n1; k++)
      sum += conn[k][j] * l1[k];
    l2[j] = squash(sum);
  }
}

static void bpnn_adjust_weights(float *delta, int ndelta, float *ly, int nly, float **w,
                                float **oldw) {
  float new_dw;
  int k, j;
  ly[0] = 1.0f;
#pragma omp parallel for shared(oldw, w, delta) private(j, k, new_dw) firstprivate(ndelta, nly)
  for (j = 1; j <= ndelta; j++) {
    for (k = 0; k <= nly; k++) {
      new_dw = ((ETA * delta[j] * ly[k]) + (MOMENTUM * oldw[k][j]));
      w[k][j] += new_dw;
      oldw[k][j] = new_dw;
    }
  }
}

int main(void) {
  int n_in = 200, n_hid = 80;
  float *in = malloc((n_in + 1) * sizeof *in), *hid = malloc((n_hid + 1) * sizeof *hid);
  float *delta = malloc((n_hid + 1) * sizeof *delta);
  float **w = alloc_2d_dbl(n_in + 1, n_hid + 1), **oldw = alloc_2d_dbl(n_in + 1, n_hid + 1);
  for (int k = 0; k <= n_in; k++) {
    in[k] = (float)(k % 17) / 17.0f;
    for (int j = 0; j <= n_hid; j++) {
      w[k][j] = (float)((k * 13 + j * 7) % 29) / 29.0f - 0.5f;
      oldw[k][j] = 0.0f;
    }
  }
  for (int j = 0; j <= n_hid; j++)
    delta[j] = (float)(j % 5) * 0.01f - 0.02f;
  for (int epoch = 0; epoch < 3; epoch++) {
    bpnn_layerforward(in, hid, w, n_in, n_hid);
    bpnn_adjust_weights(delta, n_hid, in, n_in, w, oldw);
  }
  double s = 0, t = 0;
  for (int j = 1; j <= n_hid; j++)
    s += hid[j] * j;
  for (int k = 0; k <= n_in; k++)
    for (int j = 0; j <= n_hid; j++)
      t += (w[k][j] + 2 * oldw[k][j]) * (1 + (k + j) % 3);
  printf("hidden %.5f\nweights %.5f\n", s, t);
  for (int k = 0; k <= n_in; k++) {
    free(w[k]);
    free(oldw[k]);
  }
  free(w);
  free(oldw);
  free(in);
  free(hid);
  free(delta);
  return 0;
}
