/* host_sync_paths.c — host code that reads kernel results in the condition of
 * the loop that launches the kernel, in a for increment, in an if
 * condition around a kernel, through an alias, through *(p + i), with
 * memcpy, and in a function of this file that receives the array. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static float total(const float *a, int n) {
  float s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

int main(void) {
  int n = 50;
  float *a = malloc(sizeof(float) * n);
  float *b = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    a[i] = (float)i;
  int rounds = 0;
  while (a[0] < 40.0f) {
#pragma nu work(16)
    for (int i = 0; i < n; i++)
      a[i] = a[i] + 3.0f;
    rounds++;
  }
  printf("rounds=%d a[0]=%g\n", rounds, a[0]);
  for (int t = 0; t<3; t += (int)a[1]> 0 ? 1 : 2) {
#pragma nu work(16)
    for (int i = 0; i < n; i++)
      a[i] = a[i] * 0.5f;
  }
  printf("a[1]=%g\n", a[1]);
  if (a[2] > 1.0f) {
#pragma nu work(16)
    for (int i = 0; i < n; i++)
      b[i] = a[i] + 1.0f;
  }
  float *p = b;
  p[3] = -1.0f;
  *(p + 4) = -2.0f;
#pragma nu work(16)
  for (int i = 0; i < n; i++)
    a[i] = b[i] * 2.0f;
  memcpy(b, a, sizeof(float) * n);
  b[0] += 100.0f;
#pragma nu work(16)
  for (int i = 0; i < n; i++)
    a[i] = b[i] + a[i];
  printf("total=%g a[0]=%g a[3]=%g a[4]=%g\n", total(a, n), a[0], a[3], a[4]);
  free(a);
  free(b);
  return 0;
}
