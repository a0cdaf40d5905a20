/* launch_in_function.c — a function that launches kernels, called several
 * times from main on different arrays and sizes, with an array handed to
 * other functions in between (a host helper that writes it, and memcpy /
 * memset from the C library).  Proves arrays that escape to code nucc did
 * not see are synchronised before the call and seen fresh after it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* y = a*x + y, then x = y - x: two kernels. */
static void axpy_twice(int n, float a, float *x, float *y) {
#pragma nu work(32)
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
#pragma nu work(32)
  for (int i = 0; i < n; i++)
    x[i] = y[i] - x[i];
}

/* Host code writing through a pointer it received. */
static void host_bump(float *p, int n, float by) {
  for (int i = 0; i < n; i += 3)
    p[i] += by;
}

static double wsum(const float *p, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += p[i] * (double)(i % 7 + 1);
  return s;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 257;
  float *x = malloc((size_t)n * sizeof *x), *y = malloc((size_t)n * sizeof *y);
  float *u = malloc(100 * sizeof *u), *w = malloc(100 * sizeof *w);
  for (int i = 0; i < n; i++) {
    x[i] = (float)(i % 9) * 0.5f;
    y[i] = 1.0f;
  }
  for (int i = 0; i < 100; i++)
    u[i] = w[i] = (float)i;

  axpy_twice(n, 2.0f, x, y);
  printf("1: x %.6e y %.6e\n", wsum(x, n), wsum(y, n));
  host_bump(x, n, 10.0f);
  axpy_twice(n, -0.5f, x, y);
  printf("2: x %.6e y %.6e\n", wsum(x, n), wsum(y, n));
  axpy_twice(100, 1.5f, u, w);
  memcpy(x, w, 50 * sizeof *x); /* the C library writes x */
  memset(y + 10, 0, 20 * sizeof *y);
  axpy_twice(n, 0.25f, x, y);
  axpy_twice(n / 2, 1.0f, y, x); /* arguments swapped, half the range */
  printf("3: x %.6e y %.6e u %.6e w %.6e\n", wsum(x, n), wsum(y, n), wsum(u, 100), wsum(w, 100));
  printf("x[0]=%g x[n-1]=%g y[15]=%g y[n/2]=%g\n", x[0], x[n - 1], y[15], y[n / 2]);
  free(x), free(y), free(u), free(w);
  return 0;
}
