// expect: 7:13: error: 'seed' is threadprivate and the loop at line 11 uses it
// nucc-flags: --openmp
/* A threadprivate variable is one copy per CPU thread: an offloaded loop
 * has no threads to keep them, so a loop that uses one is refused at the
 * declaration. */
static int seed = 1;
#pragma omp threadprivate(seed)

void fill(int *a, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = seed + i;
}
