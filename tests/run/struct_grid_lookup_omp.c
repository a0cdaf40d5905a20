// nucc-flags: --openmp
// nucc-kernels: 1
/* An XSBench-like lookup (issue 24 §3): a helper takes a buffer of structs
 * as `const Point *restrict grid`, binary-searches it for an energy and
 * interpolates between two points; a second helper, handed &grid[nuc * n],
 * does the same for one nuclide's grid.  The elements the searches reach
 * are reads at positions the helpers compute, right since the loop writes
 * none of the grid; its extent is the heap block's.  Once refused: "takes
 * 'const Point *restrict': only scalar parameters, ...". */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  double energy;
  double total, elastic;
} Point;

static long search(long n, double e, const Point *restrict grid) {
  long lo = 0, hi = n - 1;
  while (hi - lo > 1) {
    long mid = lo + (hi - lo) / 2;
    if (grid[mid].energy > e)
      hi = mid;
    else
      lo = mid;
  }
  return lo;
}

static double interp(long n, double e, const Point *restrict grid, double *elastic) {
  long lo = search(n, e, grid);
  double f = (grid[lo + 1].energy - e) / (grid[lo + 1].energy - grid[lo].energy);
  *elastic = grid[lo + 1].elastic - f * (grid[lo + 1].elastic - grid[lo].elastic);
  return grid[lo + 1].total - f * (grid[lo + 1].total - grid[lo].total);
}

int main(void) {
  enum { NUC = 6, G = 400, N = 5000 };
  Point *grid = malloc(NUC * G * sizeof(Point));
  for (int k = 0; k < NUC; k++)
    for (int g = 0; g < G; g++) {
      Point *p = &grid[k * G + g];
      p->energy = (g + 0.5 * (k % 2)) / G;
      p->total = (g * 7 + k) % 13 + 0.25 * k;
      p->elastic = (g * 3 + k * 5) % 11 * 0.5;
    }
  double *out = malloc(N * sizeof(double));
  unsigned long verification = 0;
  for (int rep = 0; rep < 2; rep++) {
#pragma omp parallel for reduction(+ : verification)
    for (int i = 0; i < N; i++) {
      double e = (double)((i * 7919) % 9973) / 10000.0 + 0.001;
      int nuc = i % NUC;
      double el;
      double t = interp(G - 1, e, &grid[nuc * G], &el);
      out[i] = t + el;
      verification += t > el ? 1 : 2;
    }
    /* a host update between the launches */
    grid[10].total += 100.0;
    grid[11].total -= 50.0;
  }
  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += out[i] * (i % 5 + 1);
  printf("sum %.6f verification %lu out[9] %.6f\n", sum, verification, out[9]);
  free(grid);
  free(out);
  return 0;
}
