/* An element reduction beside a split kernel: each step, y is updated on
 * both devices from s[k - 1], which the previous step's reduction left on
 * one device, in s; then s[k] reduces over all of y (halves on each
 * device) on one device and ends in s there, without the host.  Then a
 * forward substitution under a bare `work` whose matrix a split kernel
 * wrote (rows on both devices): its reduction, and the division that runs
 * in the reduction's last work-item, read rows from either device. */
// multi-split: 35 53
// multi-one: 39 a reduction into an array element
#include <stdio.h>
#include <stdlib.h>

#define M 301

static void forward(int n, const double *L, double *x, const double *b) {
  int i, j;
#pragma nu work
  for (i = 0; i < n; i++) {
    x[i] = b[i];
    for (j = 0; j < i; j++)
      x[i] -= L[i * M + j] * x[j];
    x[i] = x[i] / L[i * M + i];
  }
}

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
  double *L = malloc(sizeof(double) * M * M), *x = malloc(sizeof(double) * M);
  double *b = malloc(sizeof(double) * M);
  for (int i = 0; i < M; i++)
    b[i] = 1.0 + i % 7;
#pragma nu work(1, 32)
  for (int i = 0; i < M; i++)
    for (int c = 0; c < M; c++)
      L[i * M + c] = c < i ? 1.0 / (1 + i + c) : (i == c ? 2.0 + i % 3 : 0.0);
  forward(M, L, x, b);
  double sx = 0;
  for (int i = 0; i < M; i++)
    sx += x[i] * (i % 5 + 1);
  printf("forward x0=%.12g xn=%.12g sum=%.12g\n", x[0], x[M - 1], sx);
  free(y);
  free(s);
  free(L);
  free(x);
  free(b);
  return 0;
}
