// expect: 10:5: error: loop-carried dependence on 'a'
// nucc-flags: --openmp
/* OpenMP's promise of independence covers what the analysis cannot
 * decide, never a proven dependence: this loop has a race in OpenMP too,
 * and --openmp refuses it with the pair of iterations. */
void shift(float *a, int n) {
  int i;
#pragma omp parallel for
  for (i = 0; i < n - 1; i++) {
    a[i + 1] = a[i] * 2;
  }
}
