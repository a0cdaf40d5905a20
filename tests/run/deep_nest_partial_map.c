/* deep_nest_partial_map.c — work(k) on a nest deeper than k + 1: work(8) on a
 * 3-deep nest and work(4, 4) on a 4-deep one, so two or more loops stay
 * sequential inside each work-item.  Regression: the nest's inner loops were
 * linked outside in, leaving a loop without a body, and nucc crashed. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 9;
  float(*a)[n][n] = malloc(sizeof(float[n][n][n]));
  float(*b)[n][n][n] = malloc(sizeof(float[n][n][n][n]));

#pragma nu work(8)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        a[i][j][k] = (float)(i * 3 + j * 2 + k) * 0.5f;

#pragma nu work(4, 4)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        for (int l = 0; l < n; l++)
          b[i][j][k][l] = a[i][j][k] - a[l][k][j] * (float)l;

  double sa = 0, sb = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++) {
        sa += a[i][j][k] * (1.0 + i);
        for (int l = 0; l < n; l++)
          sb += b[i][j][k][l] * (1.0 + l);
      }
  printf("n=%d a %.6e b %.6e b[1][2][3][4]=%g\n", n, sa, sb, b[1][2][3][4]);
  free(a), free(b);
  return 0;
}
