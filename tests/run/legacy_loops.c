/* legacy_loops.c — C89-style loops: indices declared at the top of the function,
 * macros in bounds and work-group sizes, global arrays, flattened 3-D
 * subscripts, triangular inner loops, size_t and unsigned indices, a nest
 * under an if without braces, and a kernel function whose results the
 * caller reads. */
#include <stdio.h>
#include <stdlib.h>

#define N 37
#define BS 8
#define IDX(i, j) ((i)*N + (j))

float G[N][N];
static const float scale = 0.5f;

static void fill(float *a, int n) {
  int i, j;
#pragma nu work(BS, BS)
  for (i = 0; i < n; i++)
    for (j = 0; j < N; j++)
      a[IDX(i, j)] = (float)(i * 3 - j) * scale;
}

static float tri(const float *a, int i) {
  float s = 0;
  for (int k = 0; k <= i; k++)
    s += a[k];
  return s;
}

int main(int argc, char **argv) {
  (void)argv;
  int i, j, k;
  int nx = 5, ny = 6, nz = 7;
  int flag = argc < 5;
  float *a = malloc(sizeof(float) * N * N);
  float *t = malloc(sizeof(float) * N);
  float *v = malloc(sizeof(float) * nx * ny * nz);
  fill(a, N);
  printf("a[5]=%g a[N*N-1]=%g\n", a[5], a[N * N - 1]);
  /* triangular inner loop over a row of a */
#pragma nu work(16)
  for (i = 0; i < N; i++) {
    float s = 0;
    for (k = 0; k <= i; k++)
      s += a[i * N + k];
    t[i] = s;
  }
  printf("t[0]=%g t[N-1]=%g\n", t[0], t[N - 1]);
  if (flag)
#pragma nu work(4, 4, 4)
    for (size_t x = 0; x < (size_t)nx; x++)
      for (unsigned y = 0; y < (unsigned)ny; y++)
        for (int z = 0; z < nz; z++)
          v[((int)x * ny + (int)y) * nz + z] = (float)(x + 10 * y + 100 * z);
  double sv = 0;
  for (i = 0; i < nx * ny * nz; i++)
    sv += v[i] * (i % 3);
  printf("sv=%g\n", sv);
#pragma nu work(BS, BS)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      G[i][j] = a[IDX(j, i)] + t[i];
  double sg = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      sg += G[i][j] * ((i + j) % 5);
  printf("sg=%g\n", sg);
  for (i = 0; i < N; i++)
    t[i] = tri(a, i);
  printf("tri=%g\n", t[N - 1]);
  free(a);
  free(t);
  free(v);
  return 0;
}
