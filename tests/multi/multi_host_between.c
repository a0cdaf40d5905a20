/* Host statements between split kernels: the host reads rows one device
 * wrote (they come back from that device), writes one element in the other
 * device's rows, and the next launches see it. */
// multi-split: 18 25
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 150;
  double *x = malloc(sizeof(double) * n), *y = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++) {
    x[i] = i % 13;
    y[i] = 0;
  }
  double seen = 0;
  for (int t = 0; t < 5; t++) {
#pragma nu work(16)
    for (int i = 1; i < n - 1; i++)
      y[i] = x[i - 1] + 2 * x[i] + x[i + 1];
    /* rows of both parts, read on the host */
    seen += y[1] + y[n / 2] + y[n - 2];
    y[n - 3] += 1000 * t; /* the last part's row, written on the host */
    x[2] = y[n - 3];      /* and the first part's */
#pragma nu work(16)
    for (int i = 1; i < n - 1; i++)
      x[i] = 0.25 * y[i] + 0.5 * x[i];
  }
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i] * (1 + i % 4) + y[i];
  printf("seen %.6f sum %.6f\n", seen, s);
  free(x);
  free(y);
  return 0;
}
