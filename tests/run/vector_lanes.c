// nucc-flags: -Wno-nucc-vector-lanes
/* vector_lanes.c — vector(v) runs a loop's aligned blocks of v iterations
 * as OpenCL vectors: a 2-D nine-point filter whose rows are a multiple of 4
 * (vector path in the middle, lane by lane at both ends) and one whose rows
 * are not (every block lane by lane: the arrays are not aligned as
 * vectors), under dmine on the rows; a 3-D seven-point stencil on the
 * contiguous loop; 1-D loops with offsets that are not multiples of the
 * width (loads from the neighbouring aligned vector and single lanes), a
 * store at such an offset, compound assignments, a local assigned twice,
 * math built-ins, doubles in vectors of 2 and 8, a nest whose block loop
 * work leaves inside the kernel, a table of rows, which runs lane by
 * lane (-Wnucc-vector-lanes, muted above), and sums over the lanes (a
 * double of float squares, an int count, a float difference).  Results
 * match the sequential run. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static double filter(int w) {
  float(*in)[w] = malloc(sizeof(float[w][w])), (*out)[w] = malloc(sizeof(float[w][w]));
  for (int y = 0; y < w; y++)
    for (int x = 0; x < w; x++)
      out[y][x] = in[y][x] = (float)((x * 13 + y * 7) % 256) / 255.0f;
  const float wc = 0.25f, we = 0.125f, wd = 0.0625f;
#pragma nu work(4, 16) dmine(2, 1) vector(1, 4)
  for (int y = 1; y < w - 1; y++)
    for (int x = 1; x < w - 1; x++) {
      float edges = in[y - 1][x] + in[y + 1][x] + in[y][x - 1] + in[y][x + 1];
      float corners = in[y - 1][x - 1] + in[y - 1][x + 1] + in[y + 1][x - 1] + in[y + 1][x + 1];
      out[y][x] = wc * in[y][x] + we * edges + wd * corners;
    }
  double s = 0.0;
  for (int y = 0; y < w; y++)
    for (int x = 0; x < w; x++)
      s += out[y][x] * (double)((x + 3 * y) % 7 + 1);
  free(in), free(out);
  return s;
}

int main(void) {
  printf("filter 68: %.9e\n", filter(68));
  printf("filter 53: %.9e\n", filter(53));

  int nx = 7, ny = 9, nz = 36;
  float(*f0)[ny][nz] = malloc(sizeof(float[nx][ny][nz]));
  float(*f1)[ny][nz] = malloc(sizeof(float[nx][ny][nz]));
  float(*f2)[ny][nz] = malloc(sizeof(float[nx][ny][nz]));
  for (int x = 0; x < nx; x++)
    for (int y = 0; y < ny; y++)
      for (int z = 0; z < nz; z++) {
        f0[x][y][z] = (float)((x * 5 + y * 3 + z) % 11) / 11.0f;
        f1[x][y][z] = (float)((x + y * 7 + z * 3) % 13) / 13.0f;
        f2[x][y][z] = -1.0f;
      }
  const float kx = 0.15f, ky = 0.1f, kz = 0.1f, k0 = 2.0f - 2.0f * (kx + ky + kz);
#pragma nu work(1, 2, 8) vector(1, 1, 4)
  for (int x = 1; x < nx - 1; x++)
    for (int y = 1; y < ny - 1; y++)
      for (int z = 1; z < nz - 1; z++) {
        float lx = f1[x - 1][y][z] + f1[x + 1][y][z];
        float ly = f1[x][y - 1][z] + f1[x][y + 1][z];
        float lz = f1[x][y][z - 1] + f1[x][y][z + 1];
        f2[x][y][z] = k0 * f1[x][y][z] - f0[x][y][z] + kx * lx + ky * ly + kz * lz;
      }
  double s3 = 0.0;
  for (int x = 0; x < nx; x++)
    for (int y = 0; y < ny; y++)
      for (int z = 0; z < nz; z++)
        s3 += f2[x][y][z] * (double)((x + y + z) % 5 + 1);
  printf("3-D: %.9e\n", s3);

  int n = 1003;
  float *a = malloc(sizeof(float) * (size_t)(n + 8)), *b = malloc(sizeof(float) * (size_t)(n + 8));
  for (int i = 0; i < n + 8; i++)
    a[i] = (float)((i * 37) % 101) / 10.0f, b[i] = (float)(i % 7);
#pragma nu work(32) vector(8)
  for (int i = 2; i < n; i++) {
    float t = a[i - 2] + a[i + 3];
    t += 0.5f * sqrtf(fabsf(a[i] - a[i + 5]));
    b[i] += t * fminf(a[i + 1], 3.0f);
  }
  double s4 = 0.0;
  for (int i = 0; i < n + 8; i++)
    s4 += b[i] * (i % 9 + 1);
  printf("1-D: %.9e\n", s4);
#pragma nu work(64) vector(4)
  for (int i = 0; i < n; i++)
    b[i + 3] = a[i] * 2.0f - a[i + 1];
  double s5 = 0.0;
  for (int i = 0; i < n + 8; i++)
    s5 += b[i] * (i % 5 + 1);
  printf("store at i + 3: %.9e\n", s5);

  /* work maps the rows only: the block loop runs inside each work-item */
  float(*g)[36] = malloc(sizeof(float[9][36]));
#pragma nu work(4) vector(1, 4)
  for (int r = 0; r < 9; r++)
    for (int q = 1; q < 35; q++)
      g[r][q] = f1[1][r][q] * 3.0f - f1[1][r][q + 1];
  double s7 = 0.0;
  for (int r = 0; r < 9; r++)
    for (int q = 1; q < 35; q++)
      s7 += g[r][q] * (q % 4 + 1);
  printf("rows mapped, blocks inside: %.9e\n", s7);
  free(g);

  float **rows = malloc(sizeof(float *) * 5);
  for (int r = 0; r < 5; r++) {
    rows[r] = malloc(sizeof(float) * 37);
    for (int q = 0; q < 37; q++)
      rows[r][q] = (float)((r * 11 + q * 5) % 17);
  }
#pragma nu work(2, 8) vector(1, 4)
  for (int r = 0; r < 5; r++)
    for (int q = 1; q < 36; q++)
      rows[r][q] = rows[r][q] * 0.5f + 1.0f;
  double s8 = 0.0;
  for (int r = 0; r < 5; r++)
    for (int q = 0; q < 37; q++)
      s8 += rows[r][q] * (q % 3 + r + 1);
  printf("table of rows: %.9e\n", s8);
  for (int r = 0; r < 5; r++)
    free(rows[r]);
  free(rows);

  double *u = malloc(sizeof(double) * (size_t)n), *v = malloc(sizeof(double) * (size_t)n);
  for (int i = 0; i < n; i++)
    u[i] = (double)((i * 17) % 23) / 7.0, v[i] = 0.0;
#pragma nu work(16) vector(2)
  for (int i = 1; i < n - 1; i++)
    v[i] = (u[i - 1] + u[i + 1]) * 0.5 - exp(-u[i]);
#pragma nu work(16) vector(8)
  for (int i = 1; i < n - 1; i++)
    v[i] *= u[i] / 3.0;
  double s6 = 0.0;
  for (int i = 0; i < n; i++)
    s6 += v[i] * (i % 3 + 1);
  printf("doubles: %.12e\n", s6);

  /* sums over the lanes, as Himeno's gosa: a double summing float squares
   * (rows of 68: vector blocks and lane-by-lane ends), an int count of a
   * value that does not differ between lanes, and a float sum over a 1-D
   * loop, each a reduction of the kernel */
  float(*gs)[68] = malloc(sizeof(float[9][68])), (*hs)[68] = malloc(sizeof(float[9][68]));
  for (int y = 0; y < 9; y++)
    for (int x = 0; x < 68; x++)
      gs[y][x] = (float)((x * 5 + y * 11) % 17) / 16.0f;
  double ss = 0.0;
  int count = 0;
#pragma nu work(2, 16) vector(1, 4)
  for (int y = 1; y < 8; y++)
    for (int x = 1; x < 67; x++) {
      float d = gs[y][x] - 0.25f * (gs[y][x - 1] + gs[y][x + 1] + gs[y - 1][x] + gs[y + 1][x]);
      ss += d * d;
      count += 1;
      hs[y][x] = gs[y][x] + 0.8f * d;
    }
  float fs = 0.0f;
#pragma nu work(32) vector(4)
  for (int i = 2; i < n - 5; i++)
    fs -= b[i] * 0.5f;
  printf("sums: %.9e %d %.5e %.9e\n", ss, count, fs, (double)hs[4][33]);
  free(gs), free(hs);
  free(f0), free(f1), free(f2), free(a), free(b), free(u), free(v);
  return 0;
}
