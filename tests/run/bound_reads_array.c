// nucc-flags: --openmp
// nucc-kernels: 2
/* A mapped loop whose bounds read an array (NPB FT's evolve:
 * for (k = 0; k < d[2]; k++), its dimensions in a vector).  The stub
 * computes the trip count on the host, and printed `d[2]` on a parameter
 * it had typed `const void *`: the output did not compile, and nucc exited
 * with status 0.  The dimensions here change between the calls, the second
 * time written by a kernel, so the host must read the device's values. */
#include <stdio.h>

#define NZ 6
#define NY 5
#define NX 7

static void evolve(double u1[NZ][NY][NX], double u0[NZ][NY][NX], int t, int d[3]) {
  int i, j, k;
#pragma omp parallel for private(i, j, k)
  for (k = 0; k < d[2]; k++)
    for (j = 0; j < d[1]; j++)
      for (i = 0; i < d[0]; i++)
        u1[k][j][i] = u0[k][j][i] * (t + 1) + k - j + 0.5 * i;
}

int main(void) {
  static double u0[NZ][NY][NX], u1[NZ][NY][NX];
  int d[3] = {NX, NY, NZ};
  for (int k = 0; k < NZ; k++)
    for (int j = 0; j < NY; j++)
      for (int i = 0; i < NX; i++)
        u0[k][j][i] = (k * 31 + j * 7 + i) % 13;
  evolve(u1, u0, 1, d);
  /* a kernel shrinks the dimensions: the next bounds are the device's */
#pragma omp parallel for
  for (int i = 0; i < 3; i++)
    d[i] = d[i] - 1 - i % 2;
  evolve(u0, u1, 2, d);
  double s = 0;
  for (int k = 0; k < NZ; k++)
    for (int j = 0; j < NY; j++)
      for (int i = 0; i < NX; i++)
        s += u0[k][j][i] * (1 + (k + j + i) % 3);
  printf("d = %d %d %d, sum %.3f\n", d[0], d[1], d[2], s);
  return 0;
}
