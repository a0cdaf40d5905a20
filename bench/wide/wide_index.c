/* bench/wide/wide_index.c — a kernel's subscripts run on 32-bit row
 * lengths unless a launch passes an array of 2 GiB or more.  Here a 2.1 GB
 * array of bytes (calloc: untouched pages cost nothing) is read only in its
 * last rows, so the launch moves a few hundred kilobytes, but the subscript
 * a[i][j] is i * 65536 + j, past 2^31: nurt must run the kernel built with
 * 64-bit row lengths (NU_WIDE), whose results match the sequential run,
 * while the small launch after it runs the 32-bit build.  Run it on a GPU
 * (PoCL's largest buffer is 2 GiB; tests/profile/wide_index.c lowers the
 * limit instead): bench/results/index32-h100.txt, section 5. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  const int rows = 33000, cols = 65536, last = 4;
  unsigned char(*a)[cols] = calloc((size_t)rows, (size_t)cols);
  float(*b)[cols] = malloc(sizeof(float[last][cols]));
  float(*c)[cols] = malloc(sizeof(float[last][cols]));
  if (!a || !b || !c) {
    fprintf(stderr, "wide_index: out of memory\n");
    return 1;
  }
  for (int i = rows - last; i < rows; i++)
    for (int j = 0; j < cols; j++)
      a[i][j] = (unsigned char)((i * 7 + j * 3) % 251);
#pragma nu work(1, 64)
  for (int i = rows - last; i < rows; i++)
    for (int j = 0; j < cols; j++)
      b[i - (rows - last)][j] = 0.5f * a[i][j] + (float)(i % 5);
#pragma nu work(1, 64)
  for (int i = 0; i < last; i++)
    for (int j = 0; j < cols; j++)
      c[i][j] = b[i][j] + b[last - 1 - i][cols - 1 - j];
  double s = 0.0, t = 0.0;
  for (int i = 0; i < last; i++)
    for (int j = 0; j < cols; j++)
      s += b[i][j] * (double)(j % 17 + 1), t += c[i][j];
  printf("b %.1f c %.1f b[3][65535] %.1f\n", s, t, b[last - 1][cols - 1]);
  free(a), free(b), free(c);
  return 0;
}
