/* ttile.c — Jacobi-1D, a -> b then b -> a in each time step, three steps
 * per launch: each work-group keeps its tile of 16 points and a halo of 3
 * in __local memory while it runs them. */
void jacobi1d(int tsteps, int n, float *a, float *b) {
#pragma nu work(16) ttile(3)
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      b[i] = 0.33333f * (a[i - 1] + a[i] + a[i + 1]);
    for (int i = 1; i < n - 1; i++)
      a[i] = b[i];
  }
}
