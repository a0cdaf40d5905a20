// expect: 10:13: error: this loop stays on the host: loop-carried dependence on 'a'
// nucc-flags: --openmp -Werror=nucc-omp-host
// expect-note: the first thing nucc cannot offload
/* OpenMP's promise of independence covers what the analysis cannot
 * decide, never a proven dependence: this loop has a race in OpenMP too,
 * and --openmp leaves it on the host as written; -Werror=nucc-omp-host
 * makes that an error. */
void shift(float *a, int n) {
  int i;
#pragma omp parallel for
  for (i = 0; i < n - 1; i++) {
    a[i + 1] = a[i] * 2;
  }
}
