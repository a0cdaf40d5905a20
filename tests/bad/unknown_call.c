// expect: 9:5: error: printf
/* printf cannot run inside a kernel: a call to a function that is neither a
 * math function nor defined in this file; the caret points at the callee. */
#include <stdio.h>

void show(const float *a, int n) {
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    printf("%f\n", a[i]);
}
