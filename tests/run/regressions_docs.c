/* regressions_docs.c — bugs found while writing the manual, each checked
 * against the sequential run: a local array in a kernel (its size is not an
 * initializer), abs() of negative ints (OpenCL's abs is unsigned), an index
 * declared outside its loop keeps C's final value, and subscripts that
 * reach below the pointer (p = a + 1; p[i - 1]). */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 1000;
  float out[64];
#pragma nu work(16)
  for (int i = 0; i < 64; i++) {
    float t[4];
    for (int k = 0; k < 4; k++)
      t[k] = (float)(i * k);
    out[i] = t[0] + t[1] * t[3] - t[2];
  }
  printf("local array: out[1]=%g out[63]=%g\n", out[1], out[63]);

  int x[8] = {-3, -2, -1, 0, 1, 2, 3, 4}, y[8];
#pragma nu work(8)
  for (int i = 0; i < 8; i++)
    y[i] = abs(x[i]) - 2 < 0 ? 1 : 0;
  printf("abs:");
  for (int i = 0; i < 8; i++)
    printf(" %d", y[i]);
  printf("\n");

  int i = 42, j = 7;
  float *a = malloc(sizeof(float) * (size_t)n);
#pragma nu work(64)
  for (i = 0; i < n; i++)
    a[i] = (float)i;
  printf("outer index: i=%d a[n-1]=%g\n", i, a[n - 1]);
#pragma nu work(64)
  for (i = n - 1; i >= 3; i -= 2)
    a[i] = 0.5f * (float)i;
  printf("outer index down: i=%d j=%d a[n-1]=%g\n", i, j, a[n - 1]);

  float *p = a + 1;
  float *q = malloc(sizeof(float) * (size_t)n);
#pragma nu work(64)
  for (int k = 0; k < n - 1; k++)
    q[k] = p[k - 1] + 1.0f;
  printf("below the pointer: q[0]=%g q[n-2]=%g\n", q[0], q[n - 2]);
  free(a);
  free(q);
  return 0;
}
