// expect: 7:13: error: 'ordered' has no GPU meaning
// nucc-flags: --openmp
/* The ordered clause asks for iterations in sequence, which a kernel's
 * work-items do not keep. */
void f(float *a, int n) {
  int i;
#pragma omp parallel for ordered
  for (i = 0; i < n; i++)
    a[i] = a[i] * 2;
}
