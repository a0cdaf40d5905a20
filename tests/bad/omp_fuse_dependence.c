// expect: 9:13: error: fuse
// nucc-flags: --openmp
// expect-note: iteration
/* OpenMP's fuse (6.0) becomes nucc's fuse, and the engine refuses it
 * where fusing reverses a dependence, with the pair, as for
 * `#pragma nu fuse`: the second loop reads a[i + 1], which the first
 * writes one iteration later once fused (a holds n + 1 elements). */
void shift(int n, double *a, double *b) {
#pragma omp fuse
  {
    for (int i = 0; i < n; i++)
      a[i] = i * 2.0;
    for (int i = 0; i < n; i++)
      b[i] = a[i + 1] - a[i];
  }
}
