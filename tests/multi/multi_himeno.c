/* Himeno-style over two devices: the Jacobi step with its residual gosa
 * (a reduction each device computes over its rows, the host adds the two),
 * then the copy back; rows next to the cut move between the devices at
 * every iteration.  Large enough that the parts pass 100 µs on PoCL: the
 * step, which reads the halo, runs its edge rows last (its reduction then
 * adds two parts per device), the copy back, which writes it, first. */
// multi-split: 26 38
// multi-edges: 26 last
// multi-edges: 38 first
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int ni = 70, nj = 65, nk = 65, iters = 8;
  float(*p)[nj][nk] = malloc(sizeof(float) * ni * nj * nk);
  float(*wrk)[nj][nk] = malloc(sizeof(float) * ni * nj * nk);
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      for (int k = 0; k < nk; k++)
        p[i][j][k] = wrk[i][j][k] = (float)(i * i) / (float)((ni - 1) * (ni - 1));
  float omega = 0.8f;
  double gosa = 0; /* a float sum of 250,000 terms drifts by 2e-4 in the sequential build */
  for (int n = 0; n < iters; n++) {
    gosa = 0;
#pragma nu work(1, 4, 8)
    for (int i = 1; i < ni - 1; i++)
      for (int j = 1; j < nj - 1; j++)
        for (int k = 1; k < nk - 1; k++) {
          float s0 = p[i + 1][j][k] + p[i][j + 1][k] + p[i][j][k + 1] + p[i - 1][j][k] +
                     p[i][j - 1][k] + p[i][j][k - 1] +
                     0.25f * (p[i + 1][j + 1][k] - p[i + 1][j - 1][k] - p[i - 1][j + 1][k] +
                              p[i - 1][j - 1][k]);
          float ss = (s0 / 7.0f - p[i][j][k]);
          gosa += ss * ss;
          wrk[i][j][k] = p[i][j][k] + omega * ss;
        }
#pragma nu work(1, 4, 8)
    for (int i = 1; i < ni - 1; i++)
      for (int j = 1; j < nj - 1; j++)
        for (int k = 1; k < nk - 1; k++)
          p[i][j][k] = wrk[i][j][k];
    printf("iter %d gosa %.6e\n", n, gosa);
  }
  printf("p %.6f %.6f\n", p[ni / 2][nj / 2][nk / 2], p[ni - 2][nj - 2][nk - 2]);
  free(p);
  free(wrk);
  return 0;
}
