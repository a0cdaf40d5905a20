/* work_bare_time_loop.c — a bare `work` on a time loop around two
 * stencils (Jacobi 2-D): t carries a dependence and no chain maps it, so
 * nucc keeps it on the host and gives each nest of its body a bare `work`
 * of its own; A and B stay on the device between the launches.  Then a
 * time loop whose third nest sums a diagonal into a scalar in every step
 * (a reduction across the host loop's iterations, read after it) and whose
 * first reads t.  The sizes leave partial work-groups. */
#include <stdio.h>

#define N 37
#define TS 7

static float A[N][N], B[N][N];

static void jacobi(int ts, int n, float (*A)[n], float (*B)[n]) {
#pragma nu work
  for (int t = 0; t < ts; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.2f * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.2f * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] + B[i - 1][j]);
  }
}

static double relax(int ts, int n, float (*A)[n], float (*B)[n]) {
  double s = 0;
#pragma nu work
  for (int t = 0; t < ts; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] =
            0.25f * (A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]) + 0.01f * (float)t;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.5f * B[i][j];
    for (int i = 0; i < n; i++)
      s += A[i][i];
  }
  return s;
}

static double checksum(float (*a)[N]) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += (double)a[i][j] * (double)(i % 5 + 2 * (j % 3) + 1);
  return s;
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (float)((i * 7 + j * 3) % 11) / 11.0f;
      B[i][j] = (float)((i * 5 + j * 2) % 13) / 13.0f;
    }
  jacobi(TS, N, A, B);
  printf("A %.6g\nB %.6g\n", checksum(A), checksum(B));
  /* a zero-trip time loop launches nothing */
  jacobi(0, N, A, B);
  printf("A %.6g\n", checksum(A));
  printf("s %.6g\n", relax(TS, N, A, B));
  printf("A %.6g\nB %.6g\n", checksum(A), checksum(B));
  return 0;
}
