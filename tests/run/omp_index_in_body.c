/* omp_index_in_body.c — loops in the OpenMP style, their `omp parallel for`
 * swapped for `work`: the linear index computed in the body (c = x + y*nx +
 * z*nx*ny, k = i + Nr*j, neighbours as ?: of it) stands for its expression in
 * the dependence test and the extents (forward substitution), with no
 * `independent` and no `size`: temporaries at function scope (OpenMP's
 * private(...)), locals of the body, members, and an index computed in a
 * sequential inner loop. */
#include <stdio.h>
#include <stdlib.h>

typedef struct Grid {
  int nx, ny;
  float *v;
} Grid;

/* hotspot3D: the neighbours clamp at the faces, each a temporary */
static void hotspot(const float *in, float *out, int nx, int ny, int nz) {
  int x, y, z, c, w, e, n, s, b, t;
#pragma nu work(4, 4, 8)
  for (z = 0; z < nz; z++)
    for (y = 0; y < ny; y++)
      for (x = 0; x < nx; x++) {
        c = x + y * nx + z * nx * ny;
        w = (x == 0) ? c : c - 1;
        e = (x == nx - 1) ? c : c + 1;
        n = (y == 0) ? c : c - nx;
        s = (y == ny - 1) ? c : c + nx;
        b = (z == 0) ? c : c - nx * ny;
        t = (z == nz - 1) ? c : c + nx * ny;
        out[c] = 0.4f * in[c] + 0.1f * (in[w] + in[e] + in[n] + in[s] + in[b] + in[t]);
      }
}

/* srad: a local of the body, the outer loop over columns */
static void srad(const float *J, float *C, int Nr, int Nc) {
#pragma nu work(8, 8)
  for (int j = 0; j < Nc; j++)
    for (int i = 0; i < Nr; i++) {
      int k = i + Nr * j;
      C[k] = J[k] * 2.0f + 1.0f;
    }
}

/* in place, through members: each element is read and written by one
 * work-item only, which isl proves once c is substituted */
static void scale(Grid *g, int nz) {
  int x, y, z, c;
#pragma nu work(4, 4, 8)
  for (z = 0; z < nz; z++)
    for (y = 0; y < g->ny; y++)
      for (x = 0; x < g->nx; x++) {
        c = x + y * g->nx + z * g->nx * g->ny;
        g->v[c] = g->v[c] * 0.5f + (float)z;
      }
}

/* only the outer loop is mapped: k is computed in the sequential inner loop,
 * kb from k and an invariant offset */
static void rows(float *a, const float *b, int Nr, int Nc, int off) {
  int i, j, k, kb;
#pragma nu work(16)
  for (j = 0; j < Nc; j++)
    for (i = 0; i < Nr; i++) {
      k = i + Nr * j;
      kb = k + off;
      a[k] = a[k] + b[kb];
    }
}

static double checksum(const float *a, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * (i % 4 + 1);
  return s;
}

int main(void) {
  int nx = 13, ny = 9, nz = 5, N = nx * ny * nz;
  float *in = malloc(sizeof(float) * N), *out = malloc(sizeof(float) * N);
  float *b = malloc(sizeof(float) * (N + 4));
  for (int i = 0; i < N; i++)
    in[i] = (float)(i % 7);
  for (int i = 0; i < N + 4; i++)
    b[i] = (float)(i % 5);
  hotspot(in, out, nx, ny, nz);
  printf("hotspot %.3f\n", checksum(out, N));
  srad(in, out, 9, 13);
  printf("srad %.3f\n", checksum(out, N));
  Grid g = {nx, ny, out};
  scale(&g, nz);
  printf("scale %.3f\n", checksum(out, N));
  rows(out, b, 15, N / 15, 4);
  printf("rows %.3f\n", checksum(out, N));
  printf("out[0] %.2f out[%d] %.2f\n", out[0], N - 1, out[N - 1]);
  free(in);
  free(out);
  free(b);
  return 0;
}
