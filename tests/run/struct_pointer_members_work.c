// nucc-flags:
// nucc-kernels: 1
/* A struct passed by value whose members point to heap arrays, as RSBench
 * hands its SimulationData to the lookup helpers (issue 24 §3): the kernel
 * flattens it, each pointer member a helper reaches (through two helper
 * levels) a buffer of the kernel, synced lazily, its numbers arguments.
 * Lookups at elements a helper computes (w.start .. w.end, mats[...]) are
 * reads of arrays the loop does not write; the extents come from the heap
 * blocks.  Once refused: "takes 'Data': only scalar parameters, ...". */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  double r, i;
} Cplx;

typedef struct {
  Cplx ea, rt;
  short l;
} Pole;

typedef struct {
  double t;
  int start, end;
} Window;

typedef struct {
  int n;
  double scale;
} Params;

typedef struct {
  int *num_nucs;
  int *mats;
  double *concs;
  Pole *poles;
  Window *windows;
  int max_num_nucs, max_num_poles, n_windows;
  Params p;
} Data;

static Cplx c_mul(Cplx a, Cplx b) {
  Cplx c = {a.r * b.r - a.i * b.i, a.r * b.i + a.i * b.r};
  return c;
}

static double micro(int nuc, double e, Data data) {
  int window = (int)(e * data.n_windows);
  if (window == data.n_windows)
    window--;
  Window w = data.windows[nuc * data.n_windows + window];
  double sig = e * w.t;
  for (int k = w.start; k < w.end; k++) {
    Pole pole = data.poles[nuc * data.max_num_poles + k];
    Cplx z = {e, pole.l * 0.5};
    sig += c_mul(pole.rt, c_mul(z, pole.ea)).r * data.p.scale;
  }
  return sig;
}

static void macro(double *xs, int mat, double e, Data data) {
  xs[0] = 0;
  xs[1] = 0;
  for (int i = 0; i < data.num_nucs[mat]; i++) {
    int nuc = data.mats[mat * data.max_num_nucs + i];
    double m = micro(nuc, e, data);
    xs[0] += m * data.concs[mat * data.max_num_nucs + i];
    xs[1] += m;
  }
}

int main(void) {
  enum { NUC = 12, MAT = 80, MAXN = 6, MAXP = 7, NW = 4, N = 2000 };
  Data d;
  d.num_nucs = malloc(MAT * sizeof(int));
  d.mats = malloc(MAT * MAXN * sizeof(int));
  d.concs = malloc(MAT * MAXN * sizeof(double));
  d.poles = malloc(NUC * MAXP * sizeof(Pole));
  d.windows = malloc(NUC * NW * sizeof(Window));
  d.max_num_nucs = MAXN;
  d.max_num_poles = MAXP;
  d.n_windows = NW;
  d.p.n = 3;
  d.p.scale = 0.25;
  for (int m = 0; m < MAT; m++) {
    d.num_nucs[m] = 1 + (m * 5) % MAXN;
    for (int k = 0; k < MAXN; k++) {
      d.mats[m * MAXN + k] = (m * 7 + k * 3) % NUC;
      d.concs[m * MAXN + k] = 0.1 * (k + 1) + m;
    }
  }
  for (int n = 0; n < NUC * MAXP; n++) {
    d.poles[n].ea.r = n % 5 - 2.0;
    d.poles[n].ea.i = n % 3;
    d.poles[n].rt.r = 0.5 + n % 4;
    d.poles[n].rt.i = -1.0 + n % 2;
    d.poles[n].l = (short)(n % 4);
  }
  for (int n = 0; n < NUC * NW; n++) {
    d.windows[n].t = 1.0 + n % 3;
    d.windows[n].start = n % 3;
    d.windows[n].end = MAXP - n % 2;
  }
  double *out = malloc(N * sizeof(double));
  unsigned long verification = 0;
  for (int rep = 0; rep < 2; rep++) {
#pragma nu work(64) reduce(+ : verification)
    for (int i = 0; i < N; i++) {
      double xs[2];
      double e = (double)((i * 37) % 1000) / 1000.0;
      macro(xs, (i * 13) % MAT, e, d);
      out[i] = xs[0];
      verification += xs[1] > xs[0] ? 1 : 2;
    }
    /* the host changes a member array between the launches: the next
     * launch must see it */
    d.concs[3] += 1.0;
    d.poles[5].rt.r += 0.5;
  }
  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += out[i] * (i % 7 + 1);
  printf("sum %.6f verification %lu out[17] %.6f\n", sum, verification, out[17]);
  free(out);
  free(d.num_nucs);
  free(d.mats);
  free(d.concs);
  free(d.poles);
  free(d.windows);
  return 0;
}
