/* work_bare_time_host_stmt.c — a time loop whose body holds, between its
 * nests, statements that touch memory: a boundary copied from what the
 * first kernel wrote, and a corner read and written.  A bare `work` keeps
 * the loop on the host and, since both statements read arrays the kernels
 * write, runs them as one kernel of one work-item between the two nests'
 * kernels (the arrays are on the stack, which the runtime cannot protect;
 * they stay on the device through the loop).  Statements that stay on the
 * host with their element syncs: work_bare_host_stack_sync.c. */
#include <stdio.h>

#define N 26

static void jacobi(int ts, int n, float A[N][N], float B[N][N]) {
#pragma nu work
  for (int t = 0; t < ts; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.2f * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] + A[i - 1][j]);
    A[0][0] = B[1][1];
    A[0][1] += 0.5f * A[0][0];
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.2f * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] + B[i - 1][j]);
  }
}

int main(void) {
  float A[N][N], B[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (float)((i * 7 + j * 3) % 10);
      B[i][j] = 0;
    }
  jacobi(6, N, A, B);
  double s = 0, w = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      s += A[i][j];
      w += A[i][j] * (double)((i + 2 * j) % 7 + 1);
    }
  printf("%.6g %.6g %.6g %.6g\n", s, w, A[0][0], A[0][1]);
  return 0;
}
