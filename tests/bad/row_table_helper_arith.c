// expect: 14:13: error: this loop stays on the host: 'w[row]' in 'next': a table of rows handed to a helper may only be subscripted down to its numbers
// nucc-flags: --openmp -Werror=nucc-omp-host
// expect-note: the first thing nucc cannot offload
/* Pointer arithmetic on a row of a table a helper is handed: the row is
 * a pointer of the host's, which the device does not have, so the loop
 * stays on the host (-Werror=nucc-omp-host makes that an error). */
static float next(float **w, int row, int j) {
  float *r;
  r = w[row] + 1;
  return w[row][j] + r[j];
}

void f(float **w, float *y, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    y[i] = next(w, i, i);
}
