/* start_launch.c — under NU_START=1, a program that reads no clock first waits for nurt's
 * start-up thread at its first launch; that thread also built the program, so the launch finds
 * it built.
// profile-env: NU_START=1
// profile: ^start: [0-9.]+ ms to start the device and build, .* first at a launch$
// profile: ^nu_main_20 +.*start_launch.c:20 +1
 */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 100000;
  double *a = malloc(sizeof(double) * n), *b = malloc(sizeof(double) * n);
  if (!a || !b)
    return 1;
  for (int i = 0; i < n; i++)
    a[i] = (double)(i % 13) * 0.5;
  double s = 0;
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    b[i] = 2 * a[i] - 1;
  for (int i = 0; i < n; i++)
    s += b[i];
  printf("%.2f\n", s);
  free(a);
  free(b);
  return 0;
}
