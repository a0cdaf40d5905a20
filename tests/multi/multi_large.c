/* Arrays larger than nurt's copy slots (4 MiB) over two devices
 * (NU_DEVICES=2): the first split moves 9 MiB of a to device 1, and the
 * host's reads between the steps gather 9 MiB of each back, in pieces
 * through the slots, some pieces still being written while the next are
 * read.  Both sweeps must cut the rows at the same place: their shares are
 * compared in the profile. */
// multi-split: 21 25
// multi-same-shares: 21 25
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 1537, m = 3001, steps = 3;
  float(*a)[m] = malloc(sizeof(float) * n * m);
  float(*b)[m] = malloc(sizeof(float) * n * m);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i][j] = b[i][j] = (float)((i * 7 + j * 3) % 13);
  for (int t = 0; t < steps; t++) {
#pragma nu work(8, 32)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        b[i][j] = 0.2f * (a[i][j] + a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
#pragma nu work(8, 32)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        a[i][j] = b[i][j] + 0.001f * t;
    double s = 0; /* on the host: every row of a, from both devices */
    for (int i = 0; i < n; i += 3)
      s += a[i][(i * 5) % m];
    printf("step %d: %.5f\n", t, s);
  }
  double sum = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      sum += a[i][j] * (1 + (i + j) % 5) + b[i][j];
  printf("sum %.4f\n", sum);
  printf("points %.6f %.6f %.6f\n", a[1][1], a[n / 2][m / 2], a[n - 2][m - 2]);
  free(a);
  free(b);
  return 0;
}
