/* odd_sizes.c — trip counts that no work-group size divides: n = 37 under
 * work(16), a 37×23 nest under work(16,8), 5×7×3 under work(4,4,4), and a
 * work-group larger than the whole loop (n = 37 under work(64)).  Proves the
 * guard skips the surplus work-items and every real iteration runs once. */
#include <stdio.h>
#include <stdlib.h>

static double sum(const float *a, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += a[i] * (double)(i % 5 + 1);
  return s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 37;
  int m = argc > 2 ? atoi(argv[2]) : 23;
  float *a = malloc((size_t)n * sizeof *a);
  float *b = malloc((size_t)n * sizeof *b);
  float(*c)[m] = malloc(sizeof(float[n][m]));
  float(*d)[7][3] = malloc(sizeof(float[5][7][3]));
  for (int i = 0; i < n; i++)
    a[i] = (float)i * 0.5f - 3.0f;

#pragma nu work(16)
  for (int i = 0; i < n; i++)
    b[i] = 2.0f * a[i] + 1.0f;

#pragma nu work(16, 8)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      c[i][j] = b[i] * (float)(j + 1);

#pragma nu work(4, 4, 4)
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 7; j++)
      for (int k = 0; k < 3; k++)
        d[i][j][k] = (float)(100 * i + 10 * j + k);

#pragma nu work(64)
  for (int i = 0; i < n; i++)
    a[i] = a[i] - b[i];

  printf("n=%d m=%d\n", n, m);
  printf("b: %.6e  b[0]=%g b[n-1]=%g\n", sum(b, n), b[0], b[n - 1]);
  printf("c: %.6e  c[0][0]=%g c[n-1][m-1]=%g\n", sum(&c[0][0], n * m), c[0][0], c[n - 1][m - 1]);
  printf("d: %.6e  d[4][6][2]=%g d[2][3][1]=%g\n", sum(&d[0][0][0], 105), d[4][6][2], d[2][3][1]);
  printf("a: %.6e  a[0]=%g a[n-1]=%g\n", sum(a, n), a[0], a[n - 1]);
  free(a);
  free(b);
  free(c);
  free(d);
  return 0;
}
