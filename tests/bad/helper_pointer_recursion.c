// expect: 9:17: error: 'walk' hands 'p' on to 'walk', which is already running
/* A recursive helper walks the row it is handed one element per call:
 * which elements it reaches depends on how deep it goes, which nucc
 * cannot follow (and OpenCL C has no recursion), so it is refused at the
 * call that hands the pointer on. */
static float walk(const float *p, int n) {
  if (n <= 0)
    return 0;
  return p[0] + walk(&p[1], n - 1);
}

void rows(const float *a, float *out, int n, int m) {
#pragma nu work(16)
  for (int i = 0; i < n; i++)
    out[i] = walk(&a[i * m], m);
}
