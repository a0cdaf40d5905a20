/* Contraction: the LU factorisation of tests/run/lu_no_pivoting.c without
 * -ffp-contract=off.  The kernels fuse a[i][j] - a[i][k] * a[k][j] into one
 * FMA, the loop built by cc -std=c11 rounds twice, and after 25 steps
 * without pivoting the results differ beyond NU_VERIFY's tolerance.
 * NU_VERIFY=1 must rerun the kernels built without contraction and name
 * contraction as the cause, not a wrong kernel.
 * (Needs a device that has FMA, as every x86-64 CPU since 2013 and every GPU.) */
// report: differ from the sequential loop
// report: the kernels built without contraction (#pragma OPENCL FP_CONTRACT OFF) compute the
// sequential result: the difference is floating-point contraction report: nucc -ffp-contract=off
#include <stdio.h>

#define N 256

static float a[N][N];

int main(void) {
  unsigned s = 12345;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      s = s * 1103515245u + 12345u;
      a[i][j] = (float)((s >> 8) % 1000) / 1000.0f;
    }
  for (int k = 0; k < N - 1; k++) {
#pragma nu work(64)
    for (int i = k + 1; i < N; i++)
      a[i][k] /= a[k][k];
#pragma nu work(8, 32)
    for (int i = k + 1; i < N; i++)
      for (int j = k + 1; j < N; j++)
        a[i][j] -= a[i][k] * a[k][j];
  }
  printf("%.6e\n", a[N - 1][N - 1]);
  return 0;
}
