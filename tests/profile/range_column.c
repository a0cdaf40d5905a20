/* range_column.c — issue 25 §1: the LU step with its column scaled on the
 * host: `A[i][k] /= A[k][k]` down column k, then a kernel updates the
 * trailing rows.  The column touches a page in every trailing row, so
 * page-by-page serving would take a fault per row; after a budget of
 * faults the rest of what the device holds comes back at once, so the
 * copies stay within what one state per array cost (a copy each way per
 * step: 255 x 2 x 256 KiB = 133,693,440 bytes), while the rows above the
 * trailing block stay on the host: about half of that in all (the bound
 * below is 0.51 of it). */
#include <stdio.h>

#define N 256
static float A[N][N];

int main(void) {
  unsigned s = 12345;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      s = s * 1103515245u + 12345u;
      A[i][j] = (float)((s >> 8) % 1000) / 1000.0f + (i == j ? (float)N : 0.0f);
    }
  for (int k = 0; k < N - 1; k++) {
    for (int i = k + 1; i < N; i++)
      A[i][k] /= A[k][k];
#pragma nu work(8, 32)
    for (int i = k + 1; i < N; i++)
      for (int j = k + 1; j < N; j++)
        A[i][j] -= A[i][k] * A[k][j];
  }
  double sum = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sum += A[i][j] * (double)((i + 2 * j) % 7 + 1);
  printf("%.6e\n", sum);
  return 0;
}
// clang-format off
// profile: ^total: 255 launches
// profile-max-bytes: total 68183654
// clang-format on
