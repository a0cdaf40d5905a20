/* start_clock.c — with NU_START=1 nurt starts the device on a thread of its own while the
 * program sets its arrays up, and a clock read on the program's thread waits for it: the start
 * never falls inside a region the program times.  The report says the wait came at the clock.
// profile-env: NU_START=1
// profile: ^start: [0-9.]+ ms to start the device and build, .* first at a clock read$
// profile: ^nu_main_24 +.*start_clock.c:24 +1
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(void) {
  int n = 100000;
  double *a = malloc(sizeof(double) * n), *b = malloc(sizeof(double) * n);
  if (!a || !b)
    return 1;
  for (int i = 0; i < n; i++)
    a[i] = (double)(i % 17) * 0.25;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  double s = 0;
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    b[i] = 3 * a[i] + 1;
  clock_gettime(CLOCK_MONOTONIC, &t1);
  for (int i = 0; i < n; i++)
    s += b[i];
  printf("%.2f %d\n", s, t1.tv_sec >= t0.tv_sec);
  free(a);
  free(b);
  return 0;
}
