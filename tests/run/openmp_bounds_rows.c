// nucc-flags: --openmp
// cc-flags: -std=c11 -fopenmp
// nucc-kernels: 1
/* openmp_bounds_rows.c — NPB FT's compute_indexmap: the bounds of the
 * mapped loops read a file-scope table of dimensions, int dims[3][3]; the
 * stub computes the trip counts from it on the host (a pointer to its rows)
 * after a kernel-free host update changed it. */
#include <stdio.h>

#define NX 24
#define NY 20
#define NZ 12

static int dims[3][3];
static int indexmap[NZ][NY][NX];

static void compute_indexmap(void) {
  int i, j, k, ii, ii2, jj, ij2, kk;
#pragma omp parallel for default(shared) private(i, j, k, ii, ii2, jj, ij2, kk)
  for (i = 0; i < dims[2][0]; i++) {
    ii = (i + 1 + NX / 2) % NX - NX / 2;
    ii2 = ii * ii;
    for (j = 0; j < dims[2][1]; j++) {
      jj = (j + 1 + NY / 2) % NY - NY / 2;
      ij2 = jj * jj + ii2;
      for (k = 0; k < dims[2][2]; k++) {
        kk = (k + 1 + NZ / 2) % NZ - NZ / 2;
        indexmap[k][j][i] += kk * kk + ij2;
      }
    }
  }
}

int main(void) {
  for (int i = 0; i < 3; i++) {
    dims[i][0] = NX;
    dims[i][1] = NY;
    dims[i][2] = NZ;
  }
  compute_indexmap();
  dims[2][0] = NX - 5; /* the host changes the bounds between launches */
  dims[2][2] = NZ / 2;
  compute_indexmap();
  long s = 0;
  for (int k = 0; k < NZ; k++)
    for (int j = 0; j < NY; j++)
      for (int i = 0; i < NX; i++)
        s += (long)indexmap[k][j][i] * (1 + (i + 2 * j + 3 * k) % 7);
  printf("%ld %d %d %d\n", s, indexmap[1][2][3], indexmap[11][19][23], indexmap[5][0][20]);
  return 0;
}
