/* jacobi_1d.c — 3-point Jacobi smoothing in 1-D, ping-pong between A and B.
 * Legacy constructs: pointer parameters, `register` loop indices declared
 * at the top, a time loop around two kernels.  (It had work(64) unroll(2)
 * on the first, whose remainder iteration runs as a kernel of its own:
 * 6.46 ms on the H100 against 5.41 with work(64) alone,
 * bench/results/suite-final.txt.) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void kernel_jacobi_1d(int tsteps, int n, double *A, double *B) {
  register int t, i;

  for (t = 0; t < tsteps; t++) {
#pragma nu work(64)
    for (i = 1; i < n - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
#pragma nu work(64)
    for (i = 1; i < n - 1; i++)
      A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
  }
}

static void checksum(const char *name, const double *p, int count) {
  double s = 0.0, w = 0.0;
  int k;
  for (k = 0; k < count; k++) {
    s += p[k];
    w += fabs(p[k]) * (double)(k % 7 + 1);
  }
  printf("%s %.6g %.6g %.6g\n", name, s, w, p[count / 3]);
}

int main(void) {
  int n = 102, tsteps = 9;
  int i;
  double *A = malloc(sizeof(double) * n);
  double *B = malloc(sizeof(double) * n);
  for (i = 0; i < n; i++) {
    A[i] = ((double)i + 2) / n;
    B[i] = ((double)i + 3) / n;
  }
  kernel_jacobi_1d(tsteps, n, A, B);
  checksum("A", A, n);
  checksum("B", B, n);
  free(A);
  free(B);
  return 0;
}
