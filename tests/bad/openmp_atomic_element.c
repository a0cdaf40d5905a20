// expect: 10:13: error: this loop stays on the host: '#pragma omp atomic' on an array element or a member has no GPU meaning
// nucc-flags: --openmp -Werror=nucc-omp-host
// expect-note: the first thing nucc cannot offload
/* atomic on an element (a histogram) would need atomics nucc does not
 * make (on a scalar it is a reduction and is accepted:
 * tests/run/openmp_loops.c): the loop stays on the host, and
 * -Werror=nucc-omp-host makes that an error, the note at the atomic. */
void hist(const int *v, int *count, int n) {
  int i;
#pragma omp parallel for
  for (i = 0; i < n; i++) {
#pragma omp atomic
    count[v[i] & 7]++;
  }
}
