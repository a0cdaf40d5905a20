// nucc-flags: --openmp
// nucc-kernels: 1
/* Pointers the loop body declares as a struct's pointer members or as a
 * buffer (XSBench's `int *num_nucs = SD.num_nucs;`) and hands whole to a
 * helper: the call takes the member path or the buffer in their place.
 * Once refused: "'num_nucs' ... is used at line .. other than as
 * 'num_nucs[i]'". */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int *num_nucs;
  double *concs;
  int *mats;
  int max_num_nucs;
} Data;

static void macro(double e, int mat, const int *num_nucs, const double *concs, const int *mats,
                  const double *scale, int max_num_nucs, double *xs) {
  xs[0] = 0;
  xs[1] = 0;
  for (int k = 0; k < num_nucs[mat]; k++) {
    int nuc = mats[mat * max_num_nucs + k];
    xs[0] += e * concs[mat * max_num_nucs + k] * scale[nuc];
    xs[1] += scale[nuc] - e;
  }
}

int main(void) {
  enum { MAT = 40, MAXN = 5, NUC = 9, N = 3000 };
  Data sd;
  sd.num_nucs = malloc(MAT * sizeof(int));
  sd.concs = malloc(MAT * MAXN * sizeof(double));
  sd.mats = malloc(MAT * MAXN * sizeof(int));
  sd.max_num_nucs = MAXN;
  double *scale = malloc(NUC * sizeof(double));
  for (int m = 0; m < MAT; m++) {
    sd.num_nucs[m] = 1 + (m * 3) % MAXN;
    for (int k = 0; k < MAXN; k++) {
      sd.concs[m * MAXN + k] = 0.5 * k + m % 7;
      sd.mats[m * MAXN + k] = (m + 2 * k) % NUC;
    }
  }
  for (int n = 0; n < NUC; n++)
    scale[n] = 1.0 + 0.25 * n;
  unsigned long long verification = 0;
  double *out = malloc(N * sizeof(double));
#pragma omp parallel for reduction(+ : verification)
  for (int i = 0; i < N; i++) {
    int *num_nucs = sd.num_nucs;
    double *concs = sd.concs;
    const double *sc = scale;
    double xs[2];
    double e = (double)((i * 31) % 997) / 997.0;
    macro(e, (i * 11) % MAT, num_nucs, concs, sd.mats, sc, sd.max_num_nucs, xs);
    out[i] = xs[0] + concs[i % (MAT * MAXN)];
    verification += xs[1] > xs[0] ? 1 : 2;
  }
  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += out[i] * (i % 5 + 1);
  printf("sum %.6f verification %llu out[7] %.6f\n", sum, verification, out[7]);
  free(out);
  free(scale);
  free(sd.num_nucs);
  free(sd.concs);
  free(sd.mats);
  return 0;
}
