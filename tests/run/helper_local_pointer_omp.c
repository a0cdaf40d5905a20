// nucc-flags: --openmp
// nucc-kernels: 1
/* A helper keeping pointers into a grid (XSBench's calculate_micro_xs):
 * `low` set in each branch, once from an index read from memory, `high =
 * low + 1`, the members read through both.  Each becomes an index into the
 * grid.  Once refused: "'low' is a pointer declared in the loop that nucc
 * cannot follow into its array". */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  double energy, total_xs, elastic_xs;
} GridPoint;

static long search(const GridPoint *a, double e, long lo, long hi) {
  while (hi - lo > 1) {
    long mid = lo + (hi - lo) / 2;
    if (a[mid].energy > e)
      hi = mid;
    else
      lo = mid;
  }
  return lo;
}

static void micro(double e, int nuc, long n_points, const int *index_data, GridPoint *grids,
                  long idx, int kind, double *xs) {
  GridPoint *low, *high;
  if (kind == 0) {
    idx = search(&grids[nuc * n_points], e, 0, n_points - 1);
    if (idx == n_points - 1)
      low = &grids[nuc * n_points + idx - 1];
    else
      low = &grids[nuc * n_points + idx];
  } else {
    if (index_data[idx] >= n_points - 1)
      low = grids + nuc * n_points + n_points - 2;
    else
      low = &grids[nuc * n_points + index_data[idx]];
  }
  high = low + 1;
  double f = (high->energy - e) / (high->energy - low->energy);
  xs[0] = high->total_xs - f * (high->total_xs - low->total_xs);
  xs[1] = (*high).elastic_xs - f * (high[0].elastic_xs - low[0].elastic_xs);
}

int main(void) {
  enum { NUC = 6, NP = 50, N = 4000 };
  GridPoint *grids = malloc(NUC * NP * sizeof(GridPoint));
  int *index_data = malloc(NP * sizeof(int));
  for (int n = 0; n < NUC; n++)
    for (int k = 0; k < NP; k++) {
      GridPoint *g = &grids[n * NP + k];
      g->energy = (k + 0.5 * (n % 3) / 3.0) / NP;
      g->total_xs = 1.0 + (n * 7 + k * 3) % 11;
      g->elastic_xs = 0.5 * ((n + k * 5) % 9);
    }
  for (int k = 0; k < NP; k++)
    index_data[k] = (k * 7) % NP;
  double *out = malloc(N * sizeof(double));
  unsigned long long verification = 0;
#pragma omp parallel for reduction(+ : verification)
  for (int i = 0; i < N; i++) {
    double xs[2];
    double e = (double)((i * 37) % 1000) / 1000.0;
    micro(e, i % NUC, NP, index_data, grids, i % NP, i % 3 == 0, xs);
    out[i] = xs[0] + 0.5 * xs[1];
    verification += xs[0] > xs[1] ? 1 : 2;
  }
  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += out[i] * (i % 7 + 1);
  printf("sum %.6f verification %llu out[5] %.6f out[6] %.6f\n", sum, verification, out[5], out[6]);
  free(out);
  free(grids);
  free(index_data);
  return 0;
}
