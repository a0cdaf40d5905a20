/* host_first_shadow.c — NU_HOST_FIRST's lookahead reads a later nest's values at an earlier
 * site only where they mean the same there: at the nest at line 22, `n` is the block's struct,
 * not the parameter the nest at line 26 counts with, so that site cannot count the work ahead
 * (nucc passed the struct to an int before) and launches; the later nest then finds the
 * device started.  The output must compile (-Wall -Wextra -Werror) and agree with cc.
// profile-env: NU_HOST_FIRST=
// profile: ^[a-z_0-9]+_22 +.*host_first_shadow.c:22 +1 +[0-9.]+ +[0-9.]+
// profile: ^[a-z_0-9]+_26 +.*host_first_shadow.c:26 +1 +[0-9.]+ +[0-9.]+
// profile-absent: ^host first
 */
#include <stdio.h>
#include <stdlib.h>

struct box {
  int w;
};

static void step(double *a, int n) {
  {
    struct box n = {8};
#pragma nu work
    for (int i = 0; i < n.w; i++)
      a[i] += 1;
  }
#pragma nu work
  for (int i = 0; i < n; i++)
    a[i] *= 2;
}

int main(void) {
  int n = 1000;
  double *a = malloc(sizeof(double) * n);
  if (!a)
    return 1;
  for (int i = 0; i < n; i++)
    a[i] = (double)(i % 5);
  step(a, n);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * (i % 3 + 1);
  printf("%.6g\n", s);
  free(a);
  return 0;
}
