// nucc-flags: -ffp-contract=off
/* lu_no_pivoting.c — LU factorisation without pivoting of a random 256x256
 * float matrix.  The update a[i][j] -= a[i][k] * a[k][j] is an a*b + c that
 * an OpenCL compiler fuses into one FMA by default; without pivoting the
 * rounding grows step by step, and the checksum moves in its third digit
 * (issue 23 §6).  With -ffp-contract=off the kernels round as cc -std=c11
 * on x86-64 does (no FMA), and the checksums agree. */
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
  double sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum += a[i][j] < 0 ? -a[i][j] : a[i][j];
  printf("checksum %.6e\n", sum);
  printf("a[N-1][N-1] %.6e\n", a[N - 1][N - 1]);
  return 0;
}
