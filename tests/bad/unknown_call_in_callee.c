// expect: 7:3: error: printf
/* A function called from a kernel calls printf: the error is reported inside
 * the callee, where the call is; the caret points at `printf`. */
#include <stdio.h>

static float traced(float x) {
  printf("x = %f\n", x);
  return 2.0f * x;
}

void twice(float *a, int n) {
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    a[i] = traced(a[i]);
}
