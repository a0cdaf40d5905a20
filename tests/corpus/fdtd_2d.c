/* fdtd_2d.c — 2-D finite-difference time-domain: E and H fields updated in
 * turn, with a source term on row 0 at every step.
 * Legacy constructs: fixed-size array parameters, C89 declarations, a time
 * loop around four kernels (the spatial loops only), a kernel that reads the
 * time step index t (fict[t]), offset bounds (i from 1, i < nx - 1). */
#include <math.h>
#include <stdio.h>

#define NX 31
#define NY 37
#define TMAX 8

static double ex[NX][NY], ey[NX][NY], hz[NX][NY], fict[TMAX];

void kernel_fdtd_2d(int tmax, int nx, int ny, double ex[NX][NY], double ey[NX][NY],
                    double hz[NX][NY], double fict[TMAX]) {
  int t, i, j;

  for (t = 0; t < tmax; t++) {
#pragma nu work(64)
    for (j = 0; j < ny; j++)
      ey[0][j] = fict[t];
#pragma nu work(8, 8)
    for (i = 1; i < nx; i++)
      for (j = 0; j < ny; j++)
        ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
#pragma nu work(8, 8)
    for (i = 0; i < nx; i++)
      for (j = 1; j < ny; j++)
        ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
#pragma nu work(8, 8)
    for (i = 0; i < nx - 1; i++)
      for (j = 0; j < ny - 1; j++)
        hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
}

static void checksum(const char *name, const double *p, int count) {
  double s = 0.0, w = 0.0;
  int k;
  for (k = 0; k < count; k++) {
    s += p[k];
    w += fabs(p[k]) * (double)(k % 7 + 1);
  }
  printf("%s %.6g %.6g %.6g\n", name, s, w, p[count / 3]);
}

int main(void) {
  int i, j;
  for (i = 0; i < TMAX; i++)
    fict[i] = (double)i;
  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++) {
      ex[i][j] = ((double)i * (j + 1)) / NX;
      ey[i][j] = ((double)i * (j + 2)) / NY;
      hz[i][j] = ((double)i * (j + 3)) / NX;
    }
  kernel_fdtd_2d(TMAX, NX, NY, ex, ey, hz, fict);
  checksum("ex", &ex[0][0], NX * NY);
  checksum("ey", &ey[0][0], NX * NY);
  checksum("hz", &hz[0][0], NX * NY);
  return 0;
}
