/* start_exit.c — under NU_START=1, a program that launches nothing (its loop's condition is
 * false) exits while nurt's start-up thread may still start the device: exit waits for it, and
 * the program prints what cc's build prints and exits with 0.
// profile-env: NU_START=1
// profile: ^start: [0-9.]+ ms to start the device and build, .* first at exit$
// profile: ^total: 0 launches
 */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  (void)argv;
  int n = argc > 5 ? 1000 : 0;
  double *a = malloc(sizeof(double) * 1000);
  if (!a)
    return 1;
  if (n > 0) {
#pragma nu work(64)
    for (int i = 0; i < n; i++)
      a[i] = 2.0 * i;
  }
  printf("%d\n", n);
  free(a);
  return 0;
}
