// expect: 11:5: error: 'sum' is updated as a sum reduction but also read
/* A scalar that the loop both accumulates into and reads is not a
 * reduction: each work-item would see a different partial value. */
#include <stdio.h>
int main(void) {
  float a[100], b[100];
  float sum = 0;
  for (int i = 0; i < 100; i++) a[i] = (float)i;
#pragma nu work(64)
  for (int i = 0; i < 100; i++) {
    sum += a[i];
    b[i] = sum;
  }
  printf("%g %g\n", sum, b[99]);
  return 0;
}
