// nucc-flags: --openmp -I%dir%/include
// cc-flags: -std=c11 -I%dir%/include
// nucc-kernels: 2
/* helper_header.c — OpenMP loops calling helpers that headers define (issue
 * 24 §2): `zero3` (static inline, calling a static), `norm2` from a header
 * next to this file, `lerp` (plain inline, calling a static of its header)
 * from one found through -I.  Both loops become kernels, with the helpers
 * emitted into the OpenCL program; their results match the host's. */
#include <stdio.h>
#include <stdlib.h>

#include "helper_header.h"
#include "nu_lerp.h"

double lerp(double a, double b, int step, int steps); /* the external definition */

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 257;
  double *pos = malloc(3 * (size_t)n * sizeof *pos);
  double *len = malloc((size_t)n * sizeof *len);
  double *mix = malloc((size_t)n * sizeof *mix);
  for (int i = 0; i < 3 * n; i++)
    pos[i] = (double)(i % 11) - 5.0;

#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double v[3];
    if (i % 7 == 0)
      zero3(v);
    else {
      v[0] = pos[3 * i];
      v[1] = pos[3 * i + 1];
      v[2] = pos[3 * i + 2];
    }
    len[i] = norm2(v[0], v[1], v[2]);
  }

#pragma omp parallel for
  for (int i = 0; i < n; i++)
    mix[i] = lerp(len[i], -len[i], i % 13 - 2, 8);

  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += len[i] + 0.5 * mix[i];
  printf("len[0]=%g len[1]=%g len[%d]=%g\n", len[0], len[1], n - 1, len[n - 1]);
  printf("mix[3]=%g mix[%d]=%g sum=%.6f\n", mix[3], n - 2, mix[n - 2], s);
  free(pos);
  free(len);
  free(mix);
  return 0;
}
