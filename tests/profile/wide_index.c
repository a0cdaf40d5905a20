/* wide_index.c — a kernel's subscripts i * a_d1 + j use 32-bit row lengths
 * (nu_idx) unless its launch passes an array that reaches 2^31 bytes: nurt
 * then runs the program built with NU_WIDE (64-bit).  NU_WIDE_BYTES lowers
 * that limit, so that a small run takes the wide build: here the first
 * nest's arrays (64 x 300 floats, 76,800 bytes) pass 4,096 bytes and its
 * two launches run wide, while the second nest's (8 x 8) stays under and
 * runs the 32-bit build; each prints what the sequential program prints,
 * here and in run.wide_index (no NU_WIDE_BYTES: every launch 32-bit).
// profile-env: NU_WIDE_BYTES=4096
// profile: ^nu_main_[0-9]+: 2 of 2 launches ran with 64-bit subscripts: an array of 4096 bytes
// profile: ^total: 4 launches,
 */
#include <stdio.h>

#define R 64
#define C 300
static float a[R][C], b[R][C], s[8][8], t[8][8];

int main(void) {
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      a[i][j] = (float)((i * 7 + j * 3) % 251);
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      s[i][j] = (float)(i - j);
  for (int step = 0; step < 2; step++) {
#pragma nu work(4, 32)
    for (int i = 1; i < R - 1; i++)
      for (int j = 1; j < C - 1; j++)
        b[i][j] = 0.25f * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]) + (float)step;
#pragma nu work(2, 8)
    for (int i = 0; i < 8; i++)
      for (int j = 0; j < 8; j++)
        t[i][j] = s[j][i] * 2.0f + (float)step;
  }
  double sb = 0.0, st = 0.0;
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++)
      sb += b[i][j] * (double)(j % 13 + 1);
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      st += t[i][j] * (double)(i + 1);
  printf("b %.2f t %.2f b[32][150] %.2f\n", sb, st, b[32][150]);
  return 0;
}
