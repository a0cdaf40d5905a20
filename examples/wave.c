/* wave.c — the 3-D wave equation u_tt = c²∇²u, second-order explicit scheme.
 * Each step computes layer t+1 from layers t and t-1 with a 7-point cross over
 * the interior (the boundary stays 0), then rotates the three layers by
 * pointer swap.  `#pragma nu work(4,4,16)` maps the x,y,z nest to a 3-D NDRange.
 * Usage: wave [NX [NY [NZ [STEPS]]]]   (default 256 × 256 × 256, 100 steps) */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

int main(int argc, char **argv) {
  int nx = argc > 1 ? atoi(argv[1]) : 256;
  int ny = argc > 2 ? atoi(argv[2]) : nx;
  int nz = argc > 3 ? atoi(argv[3]) : ny;
  int steps = argc > 4 ? atoi(argv[4]) : 100;
  if (nx < 3 || ny < 3 || nz < 3 || steps < 0) {
    fprintf(stderr, "usage: wave [NX [NY [NZ [STEPS]]]]  (sizes >= 3)\n");
    return 2;
  }
  /* f0: layer t-1, f1: layer t, f2: layer t+1. */
  float(*f0)[ny][nz] = malloc(sizeof(float[nx][ny][nz]));
  float(*f1)[ny][nz] = malloc(sizeof(float[nx][ny][nz]));
  float(*f2)[ny][nz] = malloc(sizeof(float[nx][ny][nz]));
  if (!f0 || !f1 || !f2) {
    fprintf(stderr, "wave: out of memory\n");
    return 1;
  }
  /* A Gaussian pulse at rest in the middle of the box; zero on the boundary. */
  for (int x = 0; x < nx; x++)
    for (int y = 0; y < ny; y++)
      for (int z = 0; z < nz; z++) {
        float dx = (float)(x - nx / 2), dy = (float)(y - ny / 2), dz = (float)(z - nz / 2);
        int border = x == 0 || y == 0 || z == 0 || x == nx - 1 || y == ny - 1 || z == nz - 1;
        f0[x][y][z] = border ? 0.0f : expf(-(dx * dx + dy * dy + dz * dz) / 8.0f);
        f1[x][y][z] = f0[x][y][z];
        f2[x][y][z] = 0.0f;
      }
  /* (c·dt/h)² per axis; kx + ky + kz <= 1 keeps the scheme stable. */
  const float kx = 0.15f, ky = 0.1f, kz = 0.1f;
  const float k0 = 2.0f - 2.0f * (kx + ky + kz);
  printf("wave nx=%d ny=%d nz=%d steps=%d\n", nx, ny, nz, steps);

  double t0 = now_ms();
  for (int t = 0; t < steps; t++) {
#pragma nu work(4, 4, 16)
    for (int x = 1; x < nx - 1; x++)
      for (int y = 1; y < ny - 1; y++)
        for (int z = 1; z < nz - 1; z++) {
          float lx = f1[x - 1][y][z] + f1[x + 1][y][z];
          float ly = f1[x][y - 1][z] + f1[x][y + 1][z];
          float lz = f1[x][y][z - 1] + f1[x][y][z + 1];
          f2[x][y][z] = k0 * f1[x][y][z] - f0[x][y][z] + kx * lx + ky * ly + kz * lz;
        }
    float(*tmp)[ny][nz] = f0;
    f0 = f1;
    f1 = f2;
    f2 = tmp;
  }
#pragma nu wait
  double t1 = now_ms();

  /* f1 is the newest layer.  Sum of squares and sum of |u|: no cancellation. */
  double e = 0.0, a = 0.0;
  for (int x = 0; x < nx; x++)
    for (int y = 0; y < ny; y++)
      for (int z = 0; z < nz; z++) {
        e += (double)f1[x][y][z] * f1[x][y][z];
        a += fabs((double)f1[x][y][z]);
      }
  printf("checksum sumsq %.6e sumabs %.6e\n", e, a);
  printf("u[centre]=%.6f u[1][1][1]=%.6f\n", f1[nx / 2][ny / 2][nz / 2], f1[1][1][1]);
  printf("kernel time: %.3f ms (%.1f Mpoint-steps/s)\n", t1 - t0,
         (double)(nx - 2) * (ny - 2) * (nz - 2) * steps / ((t1 - t0) * 1e3 + 1e-9));
  free(f0);
  free(f1);
  free(f2);
  return 0;
}
