/* range_strided.c — issue 25 §1: between the kernels a host loop resets a
 * strided set, every 65536th element of a 4 MiB array (16 elements, 256 KiB
 * apart), at a different offset each step.  With one state per array each
 * step sent the array back and up again (10 copies of 4 MiB each way); by
 * the range, the 16 pages written come back (their other bytes are the
 * kernel's) and go up: 64 KiB each way per step, and the final read brings
 * the array back once.  (A set that touches more pages than the fault
 * budget, 32, of one statement brings the array back at once, as before.) */
#include <stdio.h>

#define N (1 << 20)
#define STEPS 10
static float x[N];

int main(void) {
  for (int i = 0; i < N; i++)
    x[i] = (float)(i % 100);
  for (int t = 0; t < STEPS; t++) {
#pragma nu work(256)
    for (int i = 0; i < N; i++)
      x[i] = x[i] * 0.75f + 1.0f;
    for (int i = t; i < N; i += 65536)
      x[i] = (float)t;
  }
  double s = 0;
  for (int i = 0; i < N; i++)
    s += x[i];
  printf("%.8g\n", s);
  return 0;
}
// clang-format off
// profile: ^total: 10 launches
// profile-max-bytes: to-host 4849664
// profile-max-bytes: to-device 4784128
// clang-format on
