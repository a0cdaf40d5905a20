/* work_bare_ttile_1d.c — a bare `work` on the time loop of a 1-D stencil
 * time-tiles it (ttile): each launch runs up to 16 steps in tiles of 256
 * points of __local memory.  The sizes divide neither: 1,000 points, 37
 * steps (the last launch runs 5).  The time index is declared outside its
 * loop and read after it: the host gives it the loop's last value (the
 * space index's comes back from the kernel).  The second loop's sub-steps
 * read 3 and 2 points on each side, 5 per step: 16 steps would make a halo
 * of 80, so a bare `work` takes 12 (a halo of 60).  Its second call runs no
 * step: the index keeps its start.  tests/golden/bare_chains.sh checks the
 * chains chosen. */
#include <stdio.h>

#define N 1000

static double a[N], b[N], u[N], v[N];

static void jacobi(int steps) {
  int t, i;
#pragma nu work
  for (t = 0; t < steps; t++) {
    for (i = 1; i < N - 1; i++)
      b[i] = 0.33333 * (a[i - 1] + a[i] + a[i + 1]);
    for (i = 1; i < N - 1; i++)
      a[i] = 0.33333 * (b[i - 1] + b[i] + b[i + 1]);
  }
  printf("jacobi: t = %d, i = %d\n", t, i);
}

static void wide(int from, int to) {
  int t;
#pragma nu work
  for (t = from; t < to; t++) {
    for (int i = 3; i < N - 3; i++)
      v[i] = 0.25 * u[i] + 0.125 * (u[i - 3] + u[i + 3]) + 0.0625 * (u[i - 1] + u[i + 1]);
    for (int i = 3; i < N - 3; i++)
      u[i] = v[i] - 0.0625 * (v[i - 2] - 2.0 * v[i] + v[i + 2]);
  }
  printf("wide: t = %d\n", t);
}

int main(void) {
  for (int i = 0; i < N; i++) {
    a[i] = (double)(i % 13) / 7.0;
    b[i] = 0;
    u[i] = (double)((i * 7) % 31) / 11.0;
    v[i] = 0;
  }
  jacobi(37);
  wide(2, 40);
  wide(40, 3);
  double sa = 0, sb = 0, su = 0, sv = 0;
  for (int i = 0; i < N; i++) {
    sa += a[i] * (i % 5 + 1);
    sb += b[i];
    su += u[i] * (i % 3 + 1);
    sv += v[i];
  }
  printf("%.12g %.12g %.12g %.12g %g %g\n", sa, sb, su, sv, a[500], u[997]);
  return 0;
}
