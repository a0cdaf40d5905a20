/* wave_opt.c — bench row "wave", optimised form: the loops of wave_base.c with
 * vector(1, 1, 4) (four cells along z per work-item, as one float4) and the work-group shape
 * (x, y, z-block extents) given at run time (default 2 × 2 × 32, z fastest: a warp reads 512
 * contiguous bytes); run_gpu.sh tries a few.  Rate: GB/s counting 12 bytes per interior cell
 * and step (two layers read, one written). Usage: wave_opt [NX NY NZ [INNER [WX WY WZ]]]
 * (default 512 512 256 10 2 2 32) */
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
  int nx = argc > 3 ? atoi(argv[1]) : 512, ny = argc > 3 ? atoi(argv[2]) : 512;
  int nz = argc > 3 ? atoi(argv[3]) : 256, inner = argc > 4 ? atoi(argv[4]) : 10;
  int wx = argc > 7 ? atoi(argv[5]) : 2, wy = argc > 7 ? atoi(argv[6]) : 2;
  int wz = argc > 7 ? atoi(argv[7]) : 32;
  if (nx < 3 || ny < 3 || nz < 3 || inner < 1 || wx < 1 || wy < 1 || wz < 1)
    return 2;
  float(*f0)[ny][nz] = malloc(sizeof(float[nx][ny][nz]));
  float(*f1)[ny][nz] = malloc(sizeof(float[nx][ny][nz]));
  float(*f2)[ny][nz] = malloc(sizeof(float[nx][ny][nz]));
  if (!f0 || !f1 || !f2)
    return 2;
  for (int x = 0; x < nx; x++)
    for (int y = 0; y < ny; y++)
      for (int z = 0; z < nz; z++) {
        float dx = (float)(x - nx / 2), dy = (float)(y - ny / 2), dz = (float)(z - nz / 2);
        int border = x == 0 || y == 0 || z == 0 || x == nx - 1 || y == ny - 1 || z == nz - 1;
        f0[x][y][z] = f1[x][y][z] = border ? 0.0f : expf(-(dx * dx + dy * dy + dz * dz) / 8.0f);
        f2[x][y][z] = 0.0f;
      }
  const float kx = 0.15f, ky = 0.1f, kz = 0.1f, k0 = 2.0f - 2.0f * (kx + ky + kz);

  double best = 1e30;
  for (int rep = 0; rep < 6; rep++) { /* rep 0 warms up */
    double t0 = now_ms();
    for (int it = 0; it < inner; it++) {
      /* four cells along z per work-item, as one float4 (vector): the
       * H100 streams at its copy bandwidth only with wide loads.  Measured
       * side by side (2026-11-27, bench/results/stencil-vector-h100.txt):
       * vector(1, 1, 4) 2,730 GB/s at 2 x 2 x 32, dmine(1, 2, 1) vector(1,
       * 1, 4) 2,654, dmine(1, 2, 2) 2,581 at 1 x 4 x 64 (0.87 of torch's
       * copy); earlier, without vectors, dmine(2, 2, 2) 2,398, (1, 4, 1)
       * 2,351.  cache(f1) was slower than L1 */
#pragma nu work(wx, wy, wz) vector(1, 1, 4)
      for (int x = 1; x < nx - 1; x++)
        for (int y = 1; y < ny - 1; y++)
          for (int z = 1; z < nz - 1; z++) {
            float lx = f1[x - 1][y][z] + f1[x + 1][y][z];
            float ly = f1[x][y - 1][z] + f1[x][y + 1][z];
            float lz = f1[x][y][z - 1] + f1[x][y][z + 1];
            f2[x][y][z] = k0 * f1[x][y][z] - f0[x][y][z] + kx * lx + ky * ly + kz * lz;
          }
      float(*tmp)[ny][nz] = f0;
      f0 = f1, f1 = f2, f2 = tmp;
    }
#pragma nu wait
    double t = (now_ms() - t0) / inner;
    if (rep > 0 && t < best)
      best = t;
  }
  double e = 0.0;
  for (int x = 0; x < nx; x++)
    for (int y = 0; y < ny; y++)
      for (int z = 0; z < nz; z++)
        e += (double)f1[x][y][z] * f1[x][y][z];
  printf("wave %dx%dx%d sumsq %.6e u[centre]=%.6f\n", nx, ny, nz, e, f1[nx / 2][ny / 2][nz / 2]);
  fprintf(stderr, "best time: %.4f ms, %.2f GB/s (work-group %d x %d x %d)\n", best,
          12.0 * (nx - 2) * (ny - 2) * (nz - 2) / (best * 1e6), wx, wy, wz);
  free(f0), free(f1), free(f2);
  return 0;
}
