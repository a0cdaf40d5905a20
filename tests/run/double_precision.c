/* double_precision.c — a kernel in double precision (cl_khr_fp64): double
 * arrays and scalars, literals without suffix, double math (sqrt, exp, log,
 * pow, fabs, fmin, fmax, sin, cos), and a mixed float/double expression.
 * `w` keeps a 1e-9 increment that float arithmetic would lose: double
 * results must not silently degrade to float. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  double *x = malloc((size_t)n * sizeof *x);
  double *y = malloc((size_t)n * sizeof *y);
  double *z = malloc((size_t)n * sizeof *z);
  double *w = malloc((size_t)n * sizeof *w);
  float *f = malloc((size_t)n * sizeof *f);
  double scale = 1.0 / 3.0;
  for (int i = 0; i < n; i++) {
    x[i] = 1.0 + (double)i / n;
    f[i] = (float)(i % 10) * 0.5f;
  }

#pragma nu work(64)
  for (int i = 0; i < n; i++) {
    double t = x[i] * scale + 1e-10 * i;
    y[i] = sqrt(t) + exp(-t) + log(1.0 + t) + pow(t, 1.5);
    z[i] = fabs(sin(t) - cos(t)) + fmin(t, 0.5) + fmax(t, 0.5) + f[i] * t;
    w[i] = ((x[i] + 1e-9) - x[i]) * 1e9;
  }

  double sy = 0.0, sz = 0.0, sw = 0.0;
  for (int i = 0; i < n; i++) {
    sy += y[i];
    sz += z[i];
    sw += w[i];
  }
  printf("n=%d\n", n);
  printf("sum y %.12e\nsum z %.12e\n", sy, sz);
  printf("y[0]=%.12f y[n-1]=%.12f z[7]=%.12f\n", y[0], y[n - 1], z[7]);
  printf("sum w %.6f (n if computed in double, 0 in float)\n", sw);
  free(x), free(y), free(z), free(w), free(f);
  return 0;
}
