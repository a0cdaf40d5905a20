// expect: 8:13: error: this loop stays on the host: 'ordered' has no GPU meaning
// nucc-flags: --openmp -Werror=nucc-omp-host
/* The ordered clause asks for iterations in sequence, which a kernel's
 * work-items do not keep: the loop stays on the host as written, and
 * -Werror=nucc-omp-host makes that an error. */
void f(float *a, int n) {
  int i;
#pragma omp parallel for ordered
  for (i = 0; i < n; i++)
    a[i] = a[i] * 2;
}
