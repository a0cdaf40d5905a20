// expect: 8:33: error: reduce(max: s): the loop combines 's' with +
/* reduce(...) is checked against what the body does. */
#include <stdio.h>
int main(void) {
  float a[100];
  float s = 0;
  for (int i = 0; i < 100; i++) a[i] = (float)i;
#pragma nu work(64) reduce(max: s)
  for (int i = 0; i < 100; i++)
    s += a[i];
  printf("%g\n", s);
  return 0;
}
