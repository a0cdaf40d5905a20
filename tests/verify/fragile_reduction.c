/* A numerically fragile reduction: a million float terms summed in one
 * float, sequentially, lose digits that the kernel's tree of partial sums
 * keeps.  Both answers are "right"; NU_VERIFY=1 must say that the
 * difference is the order of the sum, not a wrong kernel. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 1 << 22;
  float *x = malloc(sizeof(float) * (size_t)n);
  for (int i = 0; i < n; i++)
    x[i] = 0.1f + (float)(i % 7) * 1e-3f;
  float s = 0;
#pragma nu work(256)
  for (int i = 0; i < n; i++)
    s += x[i];
  printf("%.0f\n", s / 1e5f);
  free(x);
  return 0;
}
// report: the kernels of the loop at
// report: reduction 's': expected
// report: a numerically fragile reduction; raise NU_VERIFY_RTOL if it is acceptable
