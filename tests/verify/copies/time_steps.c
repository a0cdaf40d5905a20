/* Two kernels per time step and a host read every fifth step: under
 * NU_VERIFY=1 the run must make the same copies to the device as without
 * it (check_copies.sh): the check verifies a copy of the state, and before
 * issue 23 its restore left every array host-fresh, so each step uploaded
 * them again and a stale device copy could never show. */
#include <stdio.h>

#define N 1000
static float a[N], b[N];

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = (float)i;
  float seen = 0;
  for (int s = 0; s < 10; s++) {
#pragma nu work(64)
    for (int i = 0; i < N; i++)
      b[i] = a[i] * 0.5f + 1.0f;
#pragma nu work(64)
    for (int i = 0; i < N; i++)
      a[i] = b[i] - 0.25f;
    if (s % 5 == 4)
      seen += a[3];
  }
  printf("%g %g\n", seen, a[N - 1]);
  return 0;
}
