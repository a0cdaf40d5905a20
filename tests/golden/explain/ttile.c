/* ttile.c — Jacobi-1D, a -> b then b -> a in each time step, four steps
 * per launch: each work-group keeps its tile of 32 points and a halo of 4
 * in __local memory while it runs them. */
void jacobi1d(int tsteps, int n, float *a, float *b) {
#pragma nu work(32) ttile(4)
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      b[i] = 0.33333f * (a[i - 1] + a[i] + a[i + 1]);
    for (int i = 1; i < n - 1; i++)
      a[i] = b[i];
  }
}
