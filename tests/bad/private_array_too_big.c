// expect: 9:21: error: 'big' (double[1024], 8192 bytes) would be private to each work-item, beyond the 4096 bytes
/* private(...) naming an array gives each work-item a __private copy, up
 * to a size: beyond it, an explicit `work` cannot be honoured (never one
 * buffer that all work-items share; --openmp keeps such a loop on the
 * host with a warning, tests/bad/openmp_private_array_too_big.sh). */
void f(double *out, const double *in, int n) {
  double big[1024];
  int i, k;
#pragma nu work(64) private(big, k)
  for (i = 0; i < n; i++) {
    for (k = 0; k < 1024; k++)
      big[k] = in[i] * k;
    out[i] = big[i % 1024];
  }
}
