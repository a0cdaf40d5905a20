// expect: 10:13: error: this loop stays on the host: '#pragma omp critical' has no GPU meaning in a loop that --openmp offloads
// nucc-flags: --openmp -Werror=nucc-omp-host
// expect-note: the first thing nucc cannot offload
/* A critical section orders the threads of a CPU; work-items of a kernel
 * have no such lock, so --openmp leaves the loop on the host rather than
 * run the section unguarded; -Werror=nucc-omp-host makes that an error,
 * the note at the directive. */
void hist(const int *v, int *count, int n) {
  int i;
#pragma omp parallel for
  for (i = 0; i < n; i++) {
    int b = v[i] & 7;
    /* the shared counter is updated under the lock */
#pragma omp critical
    count[b]++;
  }
}
