/* empty_and_single_trip.c — mapped loops that run zero times (an NDRange of
 * size 0 must launch nothing and leave the array alone) and exactly once, in
 * 1-D and 2-D, including a 2-D nest whose inner loop is empty. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10;
  int zero = n - n, one = zero + 1;
  float *a = malloc((size_t)n * sizeof *a);
  float(*g)[n] = malloc(sizeof(float[n][n]));
  for (int i = 0; i < n; i++) {
    a[i] = (float)i;
    for (int j = 0; j < n; j++)
      g[i][j] = -1.0f;
  }

#pragma nu work(32)
  for (int i = 0; i < zero; i++)
    a[i] = 100.0f;

#pragma nu work(32)
  for (int i = n; i < n - 3; i++)
    a[i - n] = 200.0f;

#pragma nu work(32)
  for (int i = 3; i < 3 + one; i++)
    a[i] = a[i] * 10.0f;

#pragma nu work(8, 8)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < zero; j++)
      g[i][j] = 5.0f;

#pragma nu work(8, 8)
  for (int i = 2; i < 3; i++)
    for (int j = 4; j <= 4; j++)
      g[i][j] = 7.0f;

  for (int i = 0; i < n; i++)
    printf("a[%d]=%g\n", i, a[i]);
  double s = 0.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += g[i][j] * (i + 1);
  printf("g sum %.6e g[2][4]=%g g[0][0]=%g\n", s, g[2][4], g[0][0]);
  free(a);
  free(g);
  return 0;
}
