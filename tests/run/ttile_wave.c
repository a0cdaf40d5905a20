/* ttile_wave.c — time-tiled stencils in 2-D and 3-D: PolyBench's heat-3d
 * (A -> B, B -> A), and the leapfrog wave equation whose new layer
 * overwrites the older one in place, two half-steps per time step (the
 * layers swap roles).  Sizes that do not divide the tiles and step counts
 * that do not divide T.  Results checked against the sequential build. */
#include <stdio.h>
#include <stdlib.h>

static void heat3d(int tsteps, int n, double (*A)[n][n], double (*B)[n][n]) {
#pragma nu work(2, 4, 8) ttile(2, 4, 4, 8)
  for (int t = 1; t <= tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k]) +
                       0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k]) +
                       0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1]) + A[i][j][k];
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k]) +
                       0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k]) +
                       0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1]) + B[i][j][k];
  }
}

/* two layers, float, a 7-point Laplacian, a coefficient field read-only;
 * the first half-step sums the Laplacian in temporaries */
static void wave3d(int steps, int nz, int ny, int nx, float (*u)[ny][nx], float (*v)[ny][nx],
                   const float (*c)[ny][nx]) {
#pragma nu work(1, 4, 16) ttile(2, 4, 4, 16)
  for (int s = 0; s < steps; s++) {
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++) {
          /* temporaries before the assignment, as wave codes write them */
          float lx = u[z][y][x + 1] + u[z][y][x - 1];
          float lyz = u[z][y + 1][x] + u[z][y - 1][x] + u[z + 1][y][x] + u[z - 1][y][x];
          v[z][y][x] = 2.0f * u[z][y][x] - v[z][y][x] + c[z][y][x] * (lx + lyz - 6.0f * u[z][y][x]);
        }
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          u[z][y][x] =
              2.0f * v[z][y][x] - u[z][y][x] +
              c[z][y][x] * (v[z][y][x + 1] + v[z][y][x - 1] + v[z][y + 1][x] + v[z][y - 1][x] +
                            v[z + 1][y][x] + v[z - 1][y][x] - 6.0f * v[z][y][x]);
  }
}

/* streamed along i: tiles of (j, k) only, each work-group walks every i */
static void heat3d_stream(int tsteps, int n, double (*A)[n][n], double (*B)[n][n]) {
#pragma nu work(1, 4, 8) ttile(2, 4, 4)
  for (int t = 1; t <= tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k]) +
                       0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k]) +
                       0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1]) + A[i][j][k];
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k]) +
                       0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k]) +
                       0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1]) + B[i][j][k];
  }
}

/* the same streamed along z in chunks of 4 planes: tiles of 4 x 16 in (y, x) */
static void wave3d_stream(int steps, int nz, int ny, int nx, float (*u)[ny][nx], float (*v)[ny][nx],
                          const float (*c)[ny][nx]) {
#pragma nu work(1, 4, 16) ttile(2, 4, 16, stream : 4)
  for (int s = 0; s < steps; s++) {
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++) {
          /* temporaries before the assignment, as wave codes write them */
          float lx = u[z][y][x + 1] + u[z][y][x - 1];
          float lyz = u[z][y + 1][x] + u[z][y - 1][x] + u[z + 1][y][x] + u[z - 1][y][x];
          v[z][y][x] = 2.0f * u[z][y][x] - v[z][y][x] + c[z][y][x] * (lx + lyz - 6.0f * u[z][y][x]);
        }
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          u[z][y][x] =
              2.0f * v[z][y][x] - u[z][y][x] +
              c[z][y][x] * (v[z][y][x + 1] + v[z][y][x - 1] + v[z][y + 1][x] + v[z][y - 1][x] +
                            v[z + 1][y][x] + v[z - 1][y][x] - 6.0f * v[z][y][x]);
  }
}

/* 2-D leapfrog, one half-step per time step: the new layer goes into a
 * third array, then the layers shift (old <- cur, cur <- new). */
static void wave2d(int steps, int n, int m, double (*old)[m], double (*cur)[m], double (*nxt)[m]) {
#pragma nu work(8, 8) ttile(3)
  for (int s = 0; s < steps; s++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        nxt[i][j] =
            2.0 * cur[i][j] - old[i][j] +
            0.2 * (cur[i + 1][j] + cur[i - 1][j] + cur[i][j + 1] + cur[i][j - 1] - 4.0 * cur[i][j]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        old[i][j] = cur[i][j];
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        cur[i][j] = nxt[i][j];
  }
}

static double weigh(const void *p, long count, int is_float) {
  double s = 0;
  for (long i = 0; i < count; i++)
    s += (is_float ? ((const float *)p)[i] : ((const double *)p)[i]) * (1.0 + (double)(i % 5));
  return s;
}

int main(void) {
  int n = 19;
  double(*A)[n][n] = malloc(sizeof(double) * n * n * n);
  double(*B)[n][n] = malloc(sizeof(double) * n * n * n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        A[i][j][k] = B[i][j][k] = (double)((i * 7 + j * 3 + k * 5) % 11);
  heat3d(5, n, A, B);
  printf("heat3d %.10e %.10e %.10e\n", weigh(A, (long)n * n * n, 0), A[1][1][1],
         A[n / 2][n / 3][n / 4]);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        A[i][j][k] = B[i][j][k] = (double)((i * 5 + j * 7 + k * 3) % 13);
  heat3d_stream(5, n, A, B);
  printf("heat3d stream %.10e %.10e\n", weigh(A, (long)n * n * n, 0), weigh(B, (long)n * n * n, 0));

  int nz = 13, ny = 15, nx = 37;
  float(*u)[ny][nx] = malloc(sizeof(float) * nz * ny * nx);
  float(*v)[ny][nx] = malloc(sizeof(float) * nz * ny * nx);
  float(*c)[ny][nx] = malloc(sizeof(float) * nz * ny * nx);
  for (int z = 0; z < nz; z++)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++) {
        int dz = z - nz / 2, dy = y - ny / 2, dx = x - nx / 2;
        u[z][y][x] = dz * dz + dy * dy + dx * dx < 9 ? 1.0f : 0.0f;
        v[z][y][x] = u[z][y][x];
        c[z][y][x] = x < nx / 2 ? 0.1f : 0.05f;
      }
  wave3d(7, nz, ny, nx, u, v, (const float(*)[ny][nx])c);
  printf("wave3d %.6e %.6e %.6e\n", weigh(u, (long)nz * ny * nx, 1),
         weigh(v, (long)nz * ny * nx, 1), u[nz / 2][ny / 2][nx / 2]);
  wave3d_stream(5, nz, ny, nx, u, v, (const float(*)[ny][nx])c);
  printf("wave3d stream %.6e %.6e\n", weigh(u, (long)nz * ny * nx, 1),
         weigh(v, (long)nz * ny * nx, 1));

  int rows = 23, cols = 29;
  double(*o)[cols] = malloc(sizeof(double) * rows * cols);
  double(*q)[cols] = malloc(sizeof(double) * rows * cols);
  double(*w)[cols] = malloc(sizeof(double) * rows * cols);
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      o[i][j] = q[i][j] = w[i][j] =
          (i - rows / 2) * (i - rows / 2) + (j - cols / 2) * (j - cols / 2) < 10 ? 1.0 : 0.0;
  wave2d(10, rows, cols, o, q, w);
  printf("wave2d %.10e %.10e\n", weigh(q, (long)rows * cols, 0), q[rows / 2][cols / 2]);
  free(A);
  free(B);
  free(u);
  free(v);
  free(c);
  free(o);
  free(q);
  free(w);
  return 0;
}
