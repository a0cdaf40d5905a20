// nucc-flags: --openacc
// nucc-kernels: 1
/* A `routine seq` helper called from a `parallel loop`: emitted into the
 * OpenCL program, and an `enter data`/`exit data` pair around the loop
 * (hints: nurt moves what the kernel uses by itself). */
#include <math.h>
#include <stdio.h>

#pragma acc routine seq
static double poly(double v, int deg) {
  double s = 0, p = 1;
  for (int k = 0; k <= deg; k++) {
    s += p / (k + 1);
    p *= v;
  }
  return s;
}

#define N 1000
static double x[N], y[N];

int main(void) {
  for (int i = 0; i < N; i++)
    x[i] = sin(i * 0.01) + (i % 3);
#pragma acc enter data copyin(x) create(y)
#pragma acc parallel loop present(x, y)
  for (int i = 0; i < N; i++)
    y[i] = poly(x[i], 3 + i % 4) + x[i > 0 ? i - 1 : 0];
#pragma acc exit data copyout(y) delete (x)
  double s = 0;
  for (int i = 0; i < N; i++)
    s += y[i] * (i % 11);
  printf("%.8f %.8f\n", s, y[N / 3]);
  return 0;
}
