// expect: 14:13: error: '#pragma omp critical' is not translated: it is outside every loop nucc offloads; it stays as written [-Werror=nucc-omp-ignored]
// nucc-flags: --openmp -Werror=nucc-omp-ignored
/* A construct nucc leaves as written is a warning with a name, so that a
 * build can make it an error: here `critical` outside the offloaded loop.
 * Under -Werror=NAME it is an error, and no output is written. */
#include <stdio.h>

void scale(float *a, int n, float *total) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] *= 2;
#pragma omp parallel
  {
#pragma omp critical
    *total += a[0];
  }
}
