/* prog.c — an annotated program with two headers of its own: prog.h next to
 * it, and cfg/size.h found through -Icfg from prog.h (tests/pipeline/). */
#include "prog.h"

#include <stdio.h>

int main(void) {
  static float a[PROG_N];
#pragma nu work(64)
  for (int i = 0; i < PROG_N; i++)
    a[i] = PROG_SCALE * (float)i;
  printf("%g\n", a[PROG_N - 1]);
  return 0;
}
