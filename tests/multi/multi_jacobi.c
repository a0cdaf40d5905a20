/* Jacobi-2D over two devices (NU_DEVICES=2): each sweep's rows are split,
 * and the rows next to the cut, written by one device, are read by the
 * other at the next sweep.  An odd size leaves a partial work-group. */
// multi-split: 19 23
// multi-same-shares: 19 23
// multi-early: the halo rows are read early
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 93, m = 70, steps = 12;
  float(*a)[m] = malloc(sizeof(float) * n * m);
  float(*b)[m] = malloc(sizeof(float) * n * m);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i][j] = b[i][j] = (float)((i * 7 + j * 3) % 11);
  for (int t = 0; t < steps; t++) {
#pragma nu work(4, 16)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        b[i][j] = 0.2f * (a[i][j] + a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
#pragma nu work(4, 16)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        a[i][j] = b[i][j];
  }
  double sum = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      sum += a[i][j] * (1 + (i + j) % 5);
  printf("sum %.6f\n", sum);
  printf("corner %.6f %.6f %.6f\n", a[1][1], a[n / 2][m / 2], a[n - 2][m - 2]);
  free(a);
  free(b);
  return 0;
}
