/* An element reduction beside a split kernel: each step, y is updated on
 * both devices from s[k - 1], which the previous step's reduction left on
 * one device, in s; then s[k] reduces over all of y (halves on each
 * device) on one device and ends in s there, without the host.  The host
 * reads s only at the end. */
// multi-split: 20
// multi-one: 24 a reduction into an array element
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 100003, steps = 6;
  double *y = malloc(sizeof(double) * n), *s = malloc(sizeof(double) * steps);
  for (int i = 0; i < n; i++)
    y[i] = (i % 7) * 0.25;
  s[0] = 1;
  for (int k = 1; k < steps; k++) {
    s[k] = k;
#pragma nu work(64)
    for (int i = 0; i < n; i++)
      y[i] = y[i] * 0.5 + s[k - 1] * (i % 3) * 1e-6;
    int j;
#pragma nu work(64)
    for (j = 0; j < n; j++)
      s[k] += y[j] * (j % 4) + 1e-8 * s[k - 1];
  }
  double sy = 0;
  for (int i = 0; i < n; i++)
    sy += y[i] * (i % 5);
  for (int k = 0; k < steps; k++)
    printf("s[%d] = %.12g\n", k, s[k]);
  printf("sum y = %.12g\n", sy);
  free(y);
  free(s);
  return 0;
}
