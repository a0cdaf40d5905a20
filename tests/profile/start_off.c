/* start_off.c — by default (no NU_START=1) there is no start-up thread: the device starts and the
 * program is built in the constructor, before main, and the report has no start line.
// profile-absent: ^start:
// profile: ^nu_main_17 +.*start_off.c:17 +1
 */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 50000;
  float *a = malloc(sizeof(float) * n);
  if (!a)
    return 1;
  for (int i = 0; i < n; i++)
    a[i] = (float)(i % 7);
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    a[i] = a[i] * a[i] + 1.0f;
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  printf("%.1f\n", s);
  free(a);
  return 0;
}
