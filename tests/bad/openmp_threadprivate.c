// expect: 11:13: error: this loop stays on the host: 'seed' is threadprivate and the loop at line 12 uses it
// nucc-flags: --openmp -Werror=nucc-omp-host
// expect-note: the first thing nucc cannot offload
/* A threadprivate variable is one copy per CPU thread: an offloaded loop
 * has no threads to keep them, so a loop that uses one stays on the host;
 * -Werror=nucc-omp-host makes that an error, the note at the declaration. */
static int seed = 1;
#pragma omp threadprivate(seed)

void fill(int *a, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = seed + i;
}
