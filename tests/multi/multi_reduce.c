/* Reductions split over two devices: a 1-D dot product (its kernel strides
 * over the iterations), a 2-D maximum, and a sum the same kernel adds to
 * three times before the host reads it (each device keeps its pending
 * value, the host folds both). */
// multi-split: 21 25 31
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 200003, rows = 203, cols = 45;
  double *x = malloc(sizeof(double) * n), *y = malloc(sizeof(double) * n);
  float *g = malloc(sizeof(float) * rows * cols);
  for (int i = 0; i < n; i++) {
    x[i] = (i % 7) * 0.5;
    y[i] = (i % 5) - 2;
  }
  for (int i = 0; i < rows * cols; i++)
    g[i] = (float)((i * 37) % 1001);
  double dot = 0;
#pragma nu work(128)
  for (int i = 0; i < n; i++)
    dot += x[i] * y[i];
  float most = -1;
#pragma nu work(1, 64)
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      most = g[i * cols + j] > most ? g[i * cols + j] : most;
  long total = 0;
  for (int t = 1; t <= 3; t++) {
#pragma nu work(64)
    for (int i = 0; i < n; i++)
      total += (i % 11) * t;
  }
  printf("dot %.3f max %.1f total %ld\n", dot, most, total);
  free(x);
  free(y);
  free(g);
  return 0;
}
