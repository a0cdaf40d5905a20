/* stencils.c — issue 27's measurements: three stencils, each run step by
 * step (one launch per sub-step, the time loop on the host) or time-tiled
 * (`ttile`, several steps per launch).  The TTILE_WAVE, TTILE_JACOBI and TTILE_HEAT
 * pragmas are filled in by bench/ttile/prepare.sh, one program per tile
 * configuration.
 *   stencils PROBLEM MODE STEPS [N...]
 *     wave3d   step|tiled  half-steps  nz ny nx (float, two layers, 7-point: 12
 *              bytes per cell-step step by step, as in issue 27)
 *     jacobi2d step|tiled  steps       n        (double, PolyBench's jacobi-2d)
 *     heat3d   step|tiled  steps       n        (double, PolyBench's heat-3d)
 * Prints the cells, the steps and a checksum (the two modes must agree);
 * the kernels' time comes from NU_PROFILE=1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the new layer overwrites the older in place; two half-steps per iteration */
static void wave_step(int steps, int nz, int ny, int nx, float (*u)[ny][nx], float (*v)[ny][nx]) {
  const float kx = 0.15f, ky = 0.1f, kz = 0.1f, k0 = 2.0f - 2.0f * (kx + ky + kz);
  for (int s = 0; s < steps / 2; s++) {
#pragma nu work(1, 4, 64)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          v[z][y][x] = k0 * u[z][y][x] - v[z][y][x] + kx * (u[z][y][x + 1] + u[z][y][x - 1]) +
                       ky * (u[z][y + 1][x] + u[z][y - 1][x]) +
                       kz * (u[z + 1][y][x] + u[z - 1][y][x]);
#pragma nu work(1, 4, 64)
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          u[z][y][x] = k0 * v[z][y][x] - u[z][y][x] + kx * (v[z][y][x + 1] + v[z][y][x - 1]) +
                       ky * (v[z][y + 1][x] + v[z][y - 1][x]) +
                       kz * (v[z + 1][y][x] + v[z - 1][y][x]);
  }
}

static void wave_tiled(int steps, int nz, int ny, int nx, float (*u)[ny][nx], float (*v)[ny][nx]) {
  const float kx = 0.15f, ky = 0.1f, kz = 0.1f, k0 = 2.0f - 2.0f * (kx + ky + kz);
#pragma nu TTILE_WAVE
  for (int s = 0; s < steps / 2; s++) {
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          v[z][y][x] = k0 * u[z][y][x] - v[z][y][x] + kx * (u[z][y][x + 1] + u[z][y][x - 1]) +
                       ky * (u[z][y + 1][x] + u[z][y - 1][x]) +
                       kz * (u[z + 1][y][x] + u[z - 1][y][x]);
    for (int z = 1; z < nz - 1; z++)
      for (int y = 1; y < ny - 1; y++)
        for (int x = 1; x < nx - 1; x++)
          u[z][y][x] = k0 * v[z][y][x] - u[z][y][x] + kx * (v[z][y][x + 1] + v[z][y][x - 1]) +
                       ky * (v[z][y + 1][x] + v[z][y - 1][x]) +
                       kz * (v[z + 1][y][x] + v[z - 1][y][x]);
  }
}

static void jacobi_step(int steps, int n, double (*A)[n], double (*B)[n]) {
  for (int t = 0; t < steps; t++) {
#pragma nu work(4, 64)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
#pragma nu work(4, 64)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] + B[i - 1][j]);
  }
}

static void jacobi_tiled(int steps, int n, double (*A)[n], double (*B)[n]) {
#pragma nu TTILE_JACOBI
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] + B[i - 1][j]);
  }
}

static void heat_step(int steps, int n, double (*A)[n][n], double (*B)[n][n]) {
  for (int t = 0; t < steps; t++) {
#pragma nu work(1, 4, 64)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          B[i][j][k] = 0.125 * (A[i + 1][j][k] - 2.0 * A[i][j][k] + A[i - 1][j][k]) +
                       0.125 * (A[i][j + 1][k] - 2.0 * A[i][j][k] + A[i][j - 1][k]) +
                       0.125 * (A[i][j][k + 1] - 2.0 * A[i][j][k] + A[i][j][k - 1]) + A[i][j][k];
#pragma nu work(1, 4, 64)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          A[i][j][k] = 0.125 * (B[i + 1][j][k] - 2.0 * B[i][j][k] + B[i - 1][j][k]) +
                       0.125 * (B[i][j + 1][k] - 2.0 * B[i][j][k] + B[i][j - 1][k]) +
                       0.125 * (B[i][j][k + 1] - 2.0 * B[i][j][k] + B[i][j][k - 1]) + B[i][j][k];
  }
}

static void heat_tiled(int steps, int n, double (*A)[n][n], double (*B)[n][n]) {
#pragma nu TTILE_HEAT
  for (int t = 0; t < steps; t++) {
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

/* a weighted sum over a sample of the points: reads the array back once */
static double checksum(const void *p, long count, int is_float) {
  double s = 0;
  long stride = count / 100003 + 1;
  for (long i = 0; i < count; i += stride)
    s += (is_float ? ((const float *)p)[i] : ((const double *)p)[i]) * (1.0 + (double)(i % 7));
  return s;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s wave3d|jacobi2d|heat3d step|tiled STEPS [N...]\n", argv[0]);
    return 2;
  }
  const char *prob = argv[1];
  int tiled = !strcmp(argv[2], "tiled"), steps = atoi(argv[3]);
  if (!strcmp(prob, "wave3d")) {
    int nz = argc > 4 ? atoi(argv[4]) : 256, ny = argc > 5 ? atoi(argv[5]) : 512,
        nx = argc > 6 ? atoi(argv[6]) : 512;
    long cells = (long)nz * ny * nx;
    float(*u)[ny][nx] = malloc(sizeof(float) * cells), (*v)[ny][nx] = malloc(sizeof(float) * cells);
    for (int z = 0; z < nz; z++)
      for (int y = 0; y < ny; y++)
        for (int x = 0; x < nx; x++) {
          long dz = z - nz / 2, dy = y - ny / 2, dx = x - nx / 2;
          u[z][y][x] = v[z][y][x] = dz * dz + dy * dy + dx * dx < 100 ? 1.0f : 0.0f;
        }
    if (tiled)
      wave_tiled(steps, nz, ny, nx, u, v);
    else
      wave_step(steps, nz, ny, nx, u, v);
    printf("cells %ld steps %d checksum %.9e\n", (long)(nz - 2) * (ny - 2) * (nx - 2),
           steps / 2 * 2, checksum(u, cells, 1) + checksum(v, cells, 1));
    free(u);
    free(v);
  } else if (!strcmp(prob, "jacobi2d")) {
    int n = argc > 4 ? atoi(argv[4]) : 8192;
    double(*A)[n] = malloc(sizeof(double) * n * n), (*B)[n] = malloc(sizeof(double) * n * n);
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        A[i][j] = B[i][j] = ((double)i * (j + 2) + 2) / n;
    if (tiled)
      jacobi_tiled(steps, n, A, B);
    else
      jacobi_step(steps, n, A, B);
    /* two sweeps per step */
    printf("cells %ld steps %d checksum %.12e\n", (long)(n - 2) * (n - 2), 2 * steps,
           checksum(A, (long)n * n, 0) + checksum(B, (long)n * n, 0));
    free(A);
    free(B);
  } else if (!strcmp(prob, "heat3d")) {
    int n = argc > 4 ? atoi(argv[4]) : 256;
    long cells = (long)n * n * n;
    double(*A)[n][n] = malloc(sizeof(double) * cells), (*B)[n][n] = malloc(sizeof(double) * cells);
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        for (int k = 0; k < n; k++)
          A[i][j][k] = B[i][j][k] = (double)(i + j + (n - k)) * 10 / n + (i * 7 + k) % 5;
    if (tiled)
      heat_tiled(steps, n, A, B);
    else
      heat_step(steps, n, A, B);
    printf("cells %ld steps %d checksum %.12e\n", (long)(n - 2) * (n - 2) * (n - 2), 2 * steps,
           checksum(A, cells, 0) + checksum(B, cells, 0));
    free(A);
    free(B);
  } else {
    fprintf(stderr, "unknown problem %s\n", prob);
    return 2;
  }
  return 0;
}
