/* host_first_hand.c — NU_HOST_FIRST at its default, in a file that also holds a written
 * `work(64)`: that nest asked for the device, so the file's constructor starts it as before,
 * and the small bare nest at line 21, which runs first, launches too.
// profile-env: NU_HOST_FIRST=
// profile: ^nu_main_21 +.*host_first_hand.c:21 +1 +[0-9.]+ +[0-9.]+
// profile: ^nu_main_25 +.*host_first_hand.c:25 +1 +[0-9.]+ +[0-9.]+
// profile-absent: ^host first
// profile-absent: no device started
 */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 1000;
  double *a = malloc(sizeof(double) * n);
  if (!a)
    return 1;
  for (int i = 0; i < n; i++)
    a[i] = (double)(i % 7);
#pragma nu work
  for (int i = 0; i < n; i++)
    a[i] = a[i] * 3 + 1;
  double s = 0;
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    a[i] = a[i] / 2;
  for (int i = 0; i < n; i++)
    s += a[i] * (i % 3 + 1);
  printf("%.6g\n", s);
  free(a);
  return 0;
}
