// nucc-flags: --openmp
// cc-flags: -std=c11 -fopenmp
// nucc-kernels: 2
/* struct_lookup.c — an XSBench-like lookup under --openmp: a grid of
 * structs with a nested struct (`GridPoint { double energy; XS xs; }`)
 * reached through a member pointer of a struct passed by value
 * (`sd.grid[idx].xs.total`), searched by bisection in each iteration (so
 * the subscript has no bound but the heap block), and a table of
 * nuclides indexed through a pointer member (`sd.nuc[k].mass`).  nucc once
 * left both loops on the host ("only arrays of numbers are supported"). */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  double total, elastic, absorb;
} XS;

typedef struct {
  double energy;
  XS xs;
} GridPoint;

struct nuclide {
  int z;
  double mass;
};

typedef struct {
  int n_grid, n_nuc;
  GridPoint *grid;
  struct nuclide *nuc;
} SimData;

static long lookup(SimData sd, int n_lookups, const double *energies, double *out) {
  long hits = 0;
#pragma omp parallel for reduction(+ : hits)
  for (int i = 0; i < n_lookups; i++) {
    double e = energies[i];
    int lo = 0, hi = sd.n_grid - 1;
    while (hi - lo > 1) {
      int mid = (lo + hi) / 2;
      if (sd.grid[mid].energy > e)
        hi = mid;
      else
        lo = mid;
    }
    double f = (e - sd.grid[lo].energy) / (sd.grid[hi].energy - sd.grid[lo].energy);
    XS a = sd.grid[lo].xs, b = sd.grid[hi].xs;
    double t = a.total + f * (b.total - a.total);
    double el = a.elastic + f * (b.elastic - a.elastic);
    int k = i % sd.n_nuc;
    out[i] = t * sd.nuc[k].mass + el * sd.nuc[k].z;
    if (f > 0.5)
      hits++;
  }
  return hits;
}

int main(void) {
  SimData sd;
  sd.n_grid = 4000;
  sd.n_nuc = 17;
  sd.grid = malloc(sizeof(GridPoint) * (size_t)sd.n_grid);
  sd.nuc = malloc(sizeof(struct nuclide) * (size_t)sd.n_nuc);
  for (int g = 0; g < sd.n_grid; g++) {
    sd.grid[g].energy = g * 0.25 + (g % 3) * 0.01;
    sd.grid[g].xs = (XS){1.0 + g % 11, 0.5 * (g % 5), 0.1 * g};
  }
  for (int k = 0; k < sd.n_nuc; k++)
    sd.nuc[k] = (struct nuclide){k + 1, 1.5 * k + 0.25};
  int n = 10000;
  double *energies = malloc(sizeof(double) * (size_t)n), *out = malloc(sizeof(double) * (size_t)n);
  for (int i = 0; i < n; i++)
    energies[i] = (i * 7919 % 99000) * 0.01 + 0.003;
  long hits = lookup(sd, n, energies, out);
  /* the host changes the grid: the next lookup must see it */
#pragma omp parallel for
  for (int g = 0; g < sd.n_grid; g++)
    sd.grid[g].xs.total *= 2.0;
  hits += lookup(sd, n, energies, out);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += out[i] * (1 + i % 13);
  printf("hits %ld sum %.6f out[123] %.9f\n", hits, s, out[123]);
  free(energies);
  free(out);
  free(sd.grid);
  free(sd.nuc);
  return 0;
}
