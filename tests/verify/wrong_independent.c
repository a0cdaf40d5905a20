/* A wrong `independent` promise: next[i] chains each iteration to the one
 * before it, so the kernel reads values another work-item writes.  Built
 * with cc the loop is right; under NU_VERIFY=1 the first launch must be
 * reported: kernel, line, array, element, iteration, values. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 4096;
  double *a = malloc(sizeof(double) * (size_t)n);
  int *prev = malloc(sizeof(int) * (size_t)n);
  for (int i = 0; i < n; i++) {
    a[i] = 1.0;
    prev[i] = i > 0 ? i - 1 : 0;
  }
#pragma nu work(64) independent size(a : n)
  for (int i = 1; i < n; i++)
    a[i] = a[prev[i]] + 1.0;
  printf("%g\n", a[n - 1]);
  free(a);
  free(prev);
  return 0;
}
// report: the kernels of the loop at
// report: wrong_independent.c:17 (kernel nu_main_17) differ from the sequential loop
// report: array 'a': 4094 of 4096 elements differ; the first is a[2]
// report: written by the loop iteration i = 2
// report: expected 3, device 2
// report: a dependence between iterations, hidden by an `independent` promise
