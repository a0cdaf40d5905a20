/* work_bare_time_fdtd.c — a bare `work` on the time loop of FDTD 2-D:
 * four nests in its body, the first a 1-D one that reads the time step
 * (ey[0][j] = fict[t]), indices declared C89-style outside the loops (the
 * host loop assigns t itself; each kernel hands back the last values of
 * its mapped indices, as the loops would leave them).  t stays on the
 * host; each nest gets its own bare `work`. */
#include <math.h>
#include <stdio.h>

#define NX 31
#define NY 37
#define TMAX 6

static double ex[NX][NY], ey[NX][NY], hz[NX][NY], fict[TMAX];

static void fdtd(int tmax, int nx, int ny) {
  int t, i, j;
#pragma nu work
  for (t = 0; t < tmax; t++) {
    for (j = 0; j < ny; j++)
      ey[0][j] = fict[t];
    for (i = 1; i < nx; i++)
      for (j = 0; j < ny; j++)
        ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
    for (i = 0; i < nx; i++)
      for (j = 1; j < ny; j++)
        ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
    for (i = 0; i < nx - 1; i++)
      for (j = 0; j < ny - 1; j++)
        hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
  printf("t %d i %d j %d\n", t, i, j);
}

static void checksum(const char *name, const double *p, int count) {
  double s = 0.0, w = 0.0;
  for (int k = 0; k < count; k++) {
    s += p[k];
    w += fabs(p[k]) * (double)(k % 7 + 1);
  }
  printf("%s %.6g %.6g %.6g\n", name, s, w, p[count / 3]);
}

int main(void) {
  for (int i = 0; i < TMAX; i++)
    fict[i] = (double)i;
  for (int i = 0; i < NX; i++)
    for (int j = 0; j < NY; j++) {
      ex[i][j] = ((double)i * (j + 1)) / NX;
      ey[i][j] = ((double)i * (j + 2)) / NY;
      hz[i][j] = ((double)i * (j + 3)) / NX;
    }
  fdtd(TMAX, NX, NY);
  checksum("ex", &ex[0][0], NX * NY);
  checksum("ey", &ey[0][0], NX * NY);
  checksum("hz", &hz[0][0], NX * NY);
  return 0;
}
