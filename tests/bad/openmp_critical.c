// expect: 12:13: error: '#pragma omp critical' has no GPU meaning in a loop that --openmp offloads
// nucc-flags: --openmp
/* A critical section orders the threads of a CPU; work-items of a kernel
 * have no such lock, so --openmp refuses it at the directive rather than
 * run the section unguarded. */
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
