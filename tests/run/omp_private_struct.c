// nucc-flags: --openmp -ffp-contract=off
// nucc-kernels: 1
/* OpenMP's private clause on a struct declared outside the loop (OmpSCR's
 * Mandelbrot: complex z; ... private(i, j, ztemp, z)): each work-item has
 * its own z.  nucc kept only arithmetic variables private, so the writes
 * to z.re were every work-item's and the loop stayed on the host. */
#include <stdio.h>
#include <stdlib.h>
typedef struct {
  double re, im;
} complex;
int main(void) {
  int n = 4000, i, j;
  long outside = 0;
  double ztemp;
  complex z;
  complex *points = calloc(n, sizeof *points);
  for (i = 0; i < n; i++) {
    points[i].re = -2.0 + 2.5 * ((i * 7919) % 1000) / 1000.0;
    points[i].im = 1.125 * ((i * 104729) % 1000) / 1000.0;
  }
#pragma omp parallel for default(none) reduction(+:outside) private(i, j, ztemp, z) shared(n, points)
  for (i = 0; i < n; i++) {
    z.re = points[i].re;
    z.im = points[i].im;
    for (j = 0; j < 500; j++) {
      ztemp = (z.re * z.re) - (z.im * z.im) + points[i].re;
      z.im = z.re * z.im * 2 + points[i].im;
      z.re = ztemp;
      if (z.re * z.re + z.im * z.im > 2.0) {
        outside++;
        break;
      }
    }
  }
  printf("outside %ld\n", outside);
  free(points);
  return 0;
}
