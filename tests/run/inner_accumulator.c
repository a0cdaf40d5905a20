/* inner_accumulator.c — a 2-D mapped nest whose body runs an inner k loop
 * into a local accumulator (a matrix product with a non-square, odd shape:
 * C[n×p] = A[n×m]·B[m×p]), and a 1-D one (row norms, double accumulator).
 * Proves inner loops and locals declared in the body are private to each
 * work-item. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 33;
  int m = argc > 2 ? atoi(argv[2]) : 17;
  int p = argc > 3 ? atoi(argv[3]) : 29;
  float(*a)[m] = malloc(sizeof(float[n][m]));
  float(*b)[p] = malloc(sizeof(float[m][p]));
  float(*c)[p] = malloc(sizeof(float[n][p]));
  double *norm = malloc((size_t)n * sizeof *norm);
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      a[i][k] = (float)((i + 2 * k) % 7) * 0.25f + 0.5f;
  for (int k = 0; k < m; k++)
    for (int j = 0; j < p; j++)
      b[k][j] = (float)((3 * k + j) % 5) * 0.5f + 0.25f;

#pragma nu work(8, 8)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < p; j++) {
      float s = 0.0f;
      for (int k = 0; k < m; k++)
        s += a[i][k] * b[k][j];
      c[i][j] = s;
    }

#pragma nu work(16)
  for (int i = 0; i < n; i++) {
    double acc = 0.0;
    int k = 0;
    for (int j = 0; j < p; j++) {
      acc += (double)c[i][j] * c[i][j];
      k++;
    }
    norm[i] = sqrt(acc) / k;
  }

  double sc = 0.0, sn = 0.0;
  for (int i = 0; i < n; i++) {
    sn += norm[i];
    for (int j = 0; j < p; j++)
      sc += c[i][j];
  }
  printf("n=%d m=%d p=%d\n", n, m, p);
  printf("sum c %.6e sum norm %.6e\n", sc, sn);
  printf("c[0][0]=%g c[n-1][p-1]=%g norm[0]=%.6f norm[n-1]=%.6f\n", c[0][0], c[n - 1][p - 1],
         norm[0], norm[n - 1]);
  free(a), free(b), free(c), free(norm);
  return 0;
}
