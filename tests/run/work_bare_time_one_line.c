/* work_bare_time_one_line.c — a compact time loop whose two nests share
 * one line: a bare `work` keeps the loop on the host and makes a kernel of
 * each nest; kernels are named after their line, so the second one adds
 * its column (two kernels of one name would not build).  The second reads
 * b mirrored, b[999 - i], so that the loop is no stencil that ttile could
 * take (a bare `work` time-tiles 1-D stencils). */
#include <stdio.h>

int main(void) {
  static float a[1000], b[1000];
  for (int i = 0; i < 1000; i++) {
    a[i] = (float)(i % 17);
    b[i] = 0;
  }
  // clang-format off
#pragma nu work
  for (int t = 0; t < 5; t++) {
    for (int i = 1; i < 999; i++) b[i] = 0.5f * (a[i - 1] + a[i + 1]); for (int i = 1; i < 999; i++) a[i] = 0.5f * (b[i - 1] + b[999 - i]);
  }
  // clang-format on
  double s = 0;
  for (int i = 0; i < 1000; i++)
    s += a[i] * (i % 5 + 1) + b[i];
  printf("%.6g %g %g\n", s, a[99], b[99]);
  return 0;
}
