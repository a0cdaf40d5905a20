// nucc-flags: -Wno-nucc-kernel-assert
/* Statements written for the compiler's sake in a kernel's loop (issue 24
 * §5): `(void)x;` marks a variable used and runs nothing, and an assert is
 * not checked in the kernel (-Wnucc-kernel-assert says so; silenced here).
 * Both once refused the whole nest ("a cast to a non-arithmetic type"). */
#include <assert.h>
#include <stdio.h>

#define N 200

int main(void) {
  static float a[N], b[N];
  int spare = 7;
  for (int i = 0; i < N; i++)
    b[i] = (float)(i % 13);
#pragma nu work(64)
  for (int i = 0; i < N; i++) {
    (void)spare;
    assert(b[i] >= 0);
    a[i] = 3 * b[i] + 1;
  }
  double s = 0;
  for (int i = 0; i < N; i++)
    s += a[i] * (i + 1);
  printf("%.1f\n", s);
  return 0;
}
