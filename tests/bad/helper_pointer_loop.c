// expect: 9:10: error: a helper that a kernel hands a buffer ('p') must index it with its own scalar parameters only
/* A helper that walks a buffer with its own loop reaches elements nucc
 * cannot name at the call: the extents and the dependence test would be
 * guesses, so the kernel is refused at the access in the helper (copy the
 * elements into a local array and hand the helper that instead). */
static float sum(const float *p, int n) {
  float s = 0;
  for (int k = 0; k < n; k++)
    s += p[k];
  return s;
}

void rows(const float *a, float *out, int n, int m) {
#pragma nu work(16)
  for (int i = 0; i < n; i++)
    out[i] = sum(&a[i * m], m);
}
