/* A macro whose value is an expression of literals, used in a nest: the
 * --emit=seq leg prints the nest from the IR, where each literal of the
 * expansion once took the macro's name, so `N2` (N / 2) came out as
 * `N2 / N2`, 1 instead of 32: a wrong result at exit status 0 (issue 32).
 * A macro whose whole value is one literal keeps its name (N, SCALE). */
#include <stdio.h>

#define N 64
#define N2 (N / 2)
#define SCALE 3
#define OFFSET (SCALE * 2 + 1)

int main(void) {
  static float a[N];
#pragma nu work(64)
  for (int i = 0; i < N; i++)
    a[i] = i < N2 ? 1.0f * SCALE : 2.0f * N2 + OFFSET;
  float s = 0;
  for (int i = 0; i < N; i++)
    s += a[i];
  printf("%g %g %g\n", s, a[0], a[N - 1]);
  return 0;
}
