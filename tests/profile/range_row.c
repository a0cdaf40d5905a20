/* range_row.c — issue 25 §1: between the kernels of each step a host loop
 * rescales one row of a 2 MiB matrix that the kernel writes whole.  With
 * one state per array each step sent the matrix back and up again (40
 * copies of 2 MiB each way in 20 steps); by the range, the row's pages
 * (4 KiB rows, one or two pages each) come back and go up. */
#include <stdio.h>

#define N 512
#define STEPS 20
static double A[N][N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (double)((i * 7 + j) % 11);
  for (int t = 0; t < STEPS; t++) {
#pragma nu work(16, 16)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        A[i][j] = 0.5 * A[i][j] + 1.0;
    int r = (t * 37) % N;
    for (int j = 0; j < N; j++)
      A[r][j] = 2.0 * A[r][j] - (double)j;
  }
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += A[i][j] * (double)((i + j) % 5 + 1);
  printf("%.10g\n", s);
  return 0;
}
// clang-format off
// profile: ^total: 20 launches
// profile-max-bytes: total 5242880
// clang-format on
