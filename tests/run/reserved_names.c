/* reserved_names.c — variables whose names are OpenCL reserved words
 * (local, global, half) as a free scalar, an array and a kernel local: the
 * kernel renames them the same way in its parameters and its body. */
#include <stdio.h>

int main(void) {
  int local = 3;
  float global[40], out[40];
  for (int i = 0; i < 40; i++)
    global[i] = (float)i;
#pragma nu work(16)
  for (int i = 0; i < 40; i++) {
    float half = global[i] * 0.5f;
    out[i] = half + (float)local;
  }
  printf("out[0]=%g out[39]=%g\n", out[0], out[39]);
  return 0;
}
