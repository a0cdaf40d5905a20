/* work_bare_time_inner_serial.c — a time loop whose body is a recurrence
 * that no chain maps (a prefix sum) and a nest that one does.  nucc once
 * refused it; now the time loop stays on the host, the recurrence runs
 * there as written, between the launches, with whole-array syncs (its
 * subscripts move with its own index), and the other nest is a kernel. */
#include <stdio.h>

#define N 300

static void sweep(int ts, int n, float *a, float *b) {
#pragma nu work
  for (int t = 0; t < ts; t++) {
    for (int i = 1; i < n; i++)
      a[i] = a[i - 1] + b[i];
    for (int i = 0; i < n; i++)
      b[i] = 0.5f * a[i] / (float)(i + 1);
  }
}

int main(void) {
  float a[N], b[N];
  for (int i = 0; i < N; i++) {
    a[i] = (float)(i % 3);
    b[i] = (float)((i * 5) % 7);
  }
  sweep(4, N, a, b);
  double s = 0, w = 0;
  for (int i = 0; i < N; i++) {
    s += a[i];
    w += b[i] * (double)(i % 7 + 1);
  }
  printf("%.6g %.6g %.6g\n", s, w, a[N - 1]);
  return 0;
}
