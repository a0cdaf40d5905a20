// expect: 10:5: error: loop-carried dependence on 'a'
// nucc-flags: --openacc
// expect-note: for example
/* A parallel loop's independence (here also written out) contradicts a
 * proven dependence: refused with the pair, as under `work`, where an
 * OpenMP loop would stay on the host. */
void prefix(float *a, int n) {
#pragma acc parallel loop independent
  for (int i = 1; i < n; i++)
    a[i] = a[i - 1] + 1.0f;
}
