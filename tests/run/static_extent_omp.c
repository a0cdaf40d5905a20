// nucc-flags: --openmp
// nucc-kernels: 3
/* Arrays at file scope handed to the functions that hold the loops, as
 * pointers (NPB CG: static double a[NZ+1], then makea(..., a, ...)), with
 * subscripts nucc cannot bound (a[k] for k from rowstr[j] to rowstr[j+1]):
 * the launch takes the extent of the static array the pointer points into,
 * from the program's symbol table.  With only heap blocks known, the run
 * stopped: "0x... is in no heap block nurt knows". */
#include <stdio.h>

#define N 120
#define NZ (N * 9)

static double a[NZ], x[N], y[N];
static int colidx[NZ], rowstr[N + 1];
double scale[N]; /* not static: in .dynsym too */

static void zero(int n, const int *row, double *v) {
#pragma omp parallel for
  for (int j = 0; j < n; j++)
    for (int k = row[j]; k < row[j + 1]; k++)
      v[k] = 0.0;
}

static void spmv(int n, const int *row, const int *col, const double *v, const double *w,
                 double *out, const double *sc) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int k = row[i]; k < row[i + 1]; k++)
      s += v[k] * w[col[k]] * sc[col[k]];
    out[i] = s;
  }
}

int main(void) {
  int nz = 0;
  for (int i = 0; i < N; i++) {
    rowstr[i] = nz;
    for (int t = 0; t < 1 + i % 9; t++, nz++) {
      colidx[nz] = (i * 7 + t * 13) % N;
      a[nz] = 1.0 + (i + t) % 5;
    }
    x[i] = 0.5 + i % 3;
    scale[i] = 1.0 + (i % 4) * 0.25;
  }
  rowstr[N] = nz;
  spmv(N, rowstr, colidx, a, x, y, scale);
  double s1 = 0;
  for (int i = 0; i < N; i++)
    s1 += y[i] * (i + 1);
  zero(N / 2, rowstr, a); /* the first half of the rows */
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    x[i] = x[i] * 2 + 1;
  spmv(N, rowstr, colidx, a, x, y, scale);
  double s2 = 0;
  for (int i = 0; i < N; i++)
    s2 += y[i] * (i + 1);
  printf("nz %d, sums %.3f %.3f\n", nz, s1, s2);
  return 0;
}
