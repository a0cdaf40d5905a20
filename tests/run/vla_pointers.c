/* vla_pointers.c — C99 pointers to VLA rows: non-square `float (*a)[m]` from
 * malloc, a 3-D `float (*t)[m][k]`, and a function whose parameters are VLAs
 * (`int n, int m, float a[n][m]`, which decays to `float (*)[m]`) launching a
 * kernel.  Proves extents come from the types and rows are flattened right. */
#include <stdio.h>
#include <stdlib.h>

/* b = transpose(a) + 1, in a function with VLA parameters. */
static void transpose(int n, int m, float a[n][m], float b[m][n]) {
#pragma nu work(8, 8)
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++)
      b[j][i] = a[i][j] + 1.0f;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 19;
  int m = argc > 2 ? atoi(argv[2]) : 13;
  int k = argc > 3 ? atoi(argv[3]) : 6;
  float(*a)[m] = malloc(sizeof(float[n][m]));
  float(*b)[n] = malloc(sizeof(float[m][n]));
  float(*t)[m][k] = malloc(sizeof(float[n][m][k]));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i][j] = (float)(i * m + j) * 0.5f;

  transpose(n, m, a, b);

#pragma nu work(2, 4, 4)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int l = 0; l < k; l++)
        t[i][j][l] = b[j][i] * (float)(l + 1) - a[i][j];

  double sb = 0.0, st = 0.0;
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++)
      sb += b[j][i] * (i + 2 * j + 1);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int l = 0; l < k; l++)
        st += t[i][j][l] * (l + 1);
  printf("n=%d m=%d k=%d\n", n, m, k);
  printf("b %.6e t %.6e\n", sb, st);
  printf("b[m-1][0]=%g b[0][n-1]=%g t[n-1][m-1][k-1]=%g t[2][3][4]=%g\n", b[m - 1][0], b[0][n - 1],
         t[n - 1][m - 1][k - 1], t[2][3][4]);
  free(a), free(b), free(t);
  return 0;
}
