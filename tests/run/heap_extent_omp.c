// nucc-flags: --openmp
// nucc-kernels: 2
/* heap_extent_omp.c — heap_extent_csr.c under --openmp: the OpenMP loops,
 * with no size() (OpenMP has none), run as kernels whose arrays nurt sizes
 * from their heap blocks; they once stayed on the host with a warning.
 * The scatter is offloaded as OpenMP promises its iterations independent. */
#define _POSIX_C_SOURCE 200112L
#include <stdio.h>
#include <stdlib.h>

static void spmv(int n, int *rowstr, int *colidx, double *a, double *p, double *q) {
#pragma omp parallel for
  for (int j = 0; j < n; j++) {
    double s = 0.0;
    for (int k = rowstr[j]; k < rowstr[j + 1]; k++)
      s += a[k] * p[colidx[k]];
    q[j] = s;
  }
}

static void scatter(int n, const int *perm, const double *x, double *y) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    y[perm[i]] = 2.0 * x[i] + 1.0;
}

int main(void) {
  int n = 1001, nnz = 0;
  int *rowstr = malloc((size_t)(n + 1) * sizeof *rowstr);
  for (int j = 0; j < n; j++)
    nnz += (j * 7) % 9; /* row j has (7j mod 9) entries: some none */
  int *colidx = calloc((size_t)nnz, sizeof *colidx);
  double *a = NULL;
  if (posix_memalign((void **)&a, 64, (size_t)nnz * sizeof *a))
    return 1;
  double *p = aligned_alloc(64, (size_t)(n + 7) / 8 * 8 * sizeof *p);
  double *q = malloc(8 * sizeof *q); /* grown below: realloc moves it */
  q = realloc(q, (size_t)(n + 3) * sizeof *q);
  rowstr[0] = 0;
  for (int j = 0, k = 0; j < n; j++) {
    for (int e = 0; e < (j * 7) % 9; e++, k++) {
      colidx[k] = (j * 13 + e * 101) % n;
      a[k] = 1.0 / (1 + k % 17);
    }
    rowstr[j + 1] = k;
  }
  for (int j = 0; j < n; j++)
    p[j] = j % 5 - 2;
  /* the result lands 3 elements into q's block: an interior pointer */
  spmv(n, rowstr, colidx, a, p, q + 3);
  spmv(n, rowstr, colidx, a, q + 3, p);
  double t = 0;
  for (int j = 0; j < n; j++)
    t += p[j] * (j % 3) + q[j + 3];
  printf("spmv: %.6f %.6f %.6f\n", t, p[1], q[n + 2]);

  int *perm = malloc((size_t)n * sizeof *perm);
  double *y = calloc((size_t)n, sizeof *y);
  for (int i = 0; i < n; i++)
    perm[i] = (int)((i * 331L) % n); /* 331 and 1001 are coprime */
  scatter(n, perm, p, y);
  double u = 0;
  for (int i = 0; i < n; i++)
    u += y[i] * (i % 7);
  printf("scatter: %.6f %.6f\n", u, y[n - 1]);
  free(rowstr);
  free(colidx);
  free(a);
  free(p);
  free(q);
  free(perm);
  free(y);
  return 0;
}
