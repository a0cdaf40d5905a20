/* work_bare_time_snapshot.c — a time loop whose first nest updates x in
 * place from its right neighbour: on the host loop, that nest's own bare
 * `work` needs a snapshot of x, found by trials that fail first.  (Those
 * muted failures once counted against the nest, so the loop was refused
 * the host and a wavefront of one work-item per step was chosen.) */
#include <stdio.h>

int main(void) {
  static float x[1000], y[1000];
  for (int i = 0; i < 1000; i++) {
    x[i] = (float)(i % 13);
    y[i] = 0;
  }
#pragma nu work
  for (int t = 0; t < 4; t++) {
    for (int i = 0; i < 999; i++)
      x[i] = 0.5f * (x[i] + x[i + 1]);
    for (int i = 1; i < 1000; i++)
      y[i] = y[i] + x[i - 1];
  }
  double s = 0;
  for (int i = 0; i < 1000; i++)
    s += x[i] * (i % 5 + 1) + y[i];
  printf("%.6g %g %g\n", s, x[500], y[999]);
  return 0;
}
