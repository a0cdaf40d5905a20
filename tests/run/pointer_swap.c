/* pointer_swap.c — a 2-D Jacobi relaxation whose two grids are swapped by
 * pointer after every step (`tmp = u; u = v; v = tmp`), with an odd number of
 * steps so the result ends up in the array first allocated as `v`.  Proves a
 * kernel follows the pointer values, not the variable names. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 40;
  int steps = argc > 2 ? atoi(argv[2]) : 7;
  float(*u)[n] = malloc(sizeof(float[n][n]));
  float(*v)[n] = malloc(sizeof(float[n][n]));
  float(*first_v)[n] = v;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float edge = (i == 0 || j == 0 || i == n - 1 || j == n - 1) ? 1.0f : 0.0f;
      u[i][j] = edge * (float)(i + j) / (float)n;
      v[i][j] = u[i][j];
    }
  for (int t = 0; t < steps; t++) {
#pragma nu work(8, 8)
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        v[i][j] = 0.25f * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
    float(*tmp)[n] = u;
    u = v;
    v = tmp;
  }
  /* The newest grid is u. */
  double s = 0.0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += u[i][j] * (1 + (i * 3 + j) % 5);
  printf("n=%d steps=%d result in %s\n", n, steps, u == first_v ? "v" : "u");
  printf("checksum %.6e\n", s);
  printf("u[1][1]=%.6f u[n/2][n/2]=%.6f u[n-2][1]=%.6f\n", u[1][1], u[n / 2][n / 2], u[n - 2][1]);
  free(u);
  free(v);
  return 0;
}
