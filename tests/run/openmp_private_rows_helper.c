// nucc-flags: --openmp
// cc-flags: -std=c11 -fopenmp
// nucc-kernels: 2
/* openmp_private_rows_helper.c — NPB FT's shape: a loop copies a block of
 * rows into private 2-D arrays of complex numbers, hands them to a helper
 * (cfftz) whose parameters are `dcomplex x[NX][PAD]` (pointers to rows),
 * which hands them on to another (fftz2) that loops over them, then copies
 * the block back.  At NX = 64 the arrays are over 4096 bytes: slices of a
 * device scratch buffer, __global; at NX2 = 8 they stay __private, so the
 * helpers are emitted once for each address space. */
#include <stdio.h>

typedef struct {
  double real, imag;
} dcomplex;

#define NX 64
#define NX2 8
#define PAD 18
#define BLK 16
#define NY 32
#define NZ 6

static dcomplex x[NZ][NY][NX], xs[NZ][NY][NX2];
static dcomplex u[NX]; /* twiddles, file-scope as FT's */

/* one pass: b from a, as a Stockham step reads its rows */
static void fftz2(int l, int n, dcomplex a[][PAD], dcomplex b[][PAD]) {
  for (int j = 0; j < n; j++) {
    int j2 = (j + l) % n;
    for (int i = 0; i < BLK; i++) {
      b[j][i].real = a[j][i].real * u[j].real - a[j2][i].imag * u[j].imag;
      b[j][i].imag = a[j][i].imag * u[j].real + a[j2][i].real * u[j].imag;
    }
  }
}

static void cfftz(int m, int n, dcomplex a[][PAD], dcomplex b[][PAD]) {
  for (int l = 1; l <= m; l += 2) {
    fftz2(l, n, a, b);
    if (l == m)
      break;
    fftz2(l + 1, n, b, a);
  }
  if (m % 2 == 1)
    for (int j = 0; j < n; j++)
      for (int i = 0; i < BLK; i++) {
        a[j][i].real = b[j][i].real;
        a[j][i].imag = b[j][i].imag;
      }
}

int main(void) {
  for (int j = 0; j < NX; j++) {
    u[j].real = 1.0 - 0.01 * j;
    u[j].imag = 0.02 * (j % 7) - 0.05;
  }
  for (int k = 0; k < NZ; k++)
    for (int j = 0; j < NY; j++)
      for (int i = 0; i < NX; i++) {
        x[k][j][i].real = (double)((k * 31 + j * 7 + i * 3) % 17) - 8.0;
        x[k][j][i].imag = (double)((k + j * 5 + i) % 9) - 4.0;
        if (i < NX2)
          xs[k][j][i] = x[k][j][i];
      }
  dcomplex y0[NX][PAD], y1[NX][PAD];
  int k, jj, j, i;
#pragma omp parallel for private(y0, y1, jj, j, i)
  for (k = 0; k < NZ; k++)
    for (jj = 0; jj <= NY - BLK; jj += BLK) {
      for (j = 0; j < BLK; j++)
        for (i = 0; i < NX; i++)
          y0[i][j] = x[k][j + jj][i];
      cfftz(5, NX, y0, y1);
      for (j = 0; j < BLK; j++)
        for (i = 0; i < NX; i++)
          x[k][j + jj][i] = y0[i][j];
    }
  dcomplex z0[NX2][PAD], z1[NX2][PAD];
#pragma omp parallel for private(z0, z1, jj, j, i)
  for (k = 0; k < NZ; k++)
    for (jj = 0; jj <= NY - BLK; jj += BLK) {
      for (j = 0; j < BLK; j++)
        for (i = 0; i < NX2; i++)
          z0[i][j] = xs[k][j + jj][i];
      cfftz(4, NX2, z0, z1);
      for (j = 0; j < BLK; j++)
        for (i = 0; i < NX2; i++)
          xs[k][j + jj][i] = z0[i][j];
    }
  double s = 0, t = 0;
  for (k = 0; k < NZ; k++)
    for (j = 0; j < NY; j++) {
      for (i = 0; i < NX; i++)
        s += (x[k][j][i].real - 0.5 * x[k][j][i].imag) * (1 + (i + j + k) % 5);
      for (i = 0; i < NX2; i++)
        t += (xs[k][j][i].real + 0.25 * xs[k][j][i].imag) * (1 + (i * 3 + k) % 4);
    }
  printf("x: %.6e %.6e %.6e\n", s, x[3][17][40].real, x[5][31][63].imag);
  printf("xs: %.6e %.6e\n", t, xs[2][9][5].imag);
  return 0;
}
