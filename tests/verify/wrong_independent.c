/* A wrong `independent` promise: next[i] chains each iteration to the one
 * before it, so the kernel reads values another work-item writes.  Built
 * with cc the loop is right; under NU_VERIFY=1 the first launch must be
 * reported: kernel, line, array, element, iteration, values.  Two mapped
 * loops: a kernel of one mapped loop runs a grid-stride loop, in which PoCL
 * runs the work-items in iteration order and so hides the race. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 4096;
  double(*a)[4096] = malloc(sizeof(double[2][4096]));
  int *prev = malloc(sizeof(int) * (size_t)n);
  for (int i = 0; i < n; i++) {
    a[0][i] = a[1][i] = 1.0;
    prev[i] = i > 0 ? i - 1 : 0;
  }
#pragma nu work(1, 64) independent
  for (int r = 0; r < 2; r++)
    for (int i = 1; i < n; i++)
      a[r][i] = a[r][prev[i]] + 1.0;
  printf("%g %g\n", a[0][n - 1], a[1][n - 1]);
  free(a);
  free(prev);
  return 0;
}
// report: the kernels of the loop at
// report: wrong_independent.c:19 (kernel nu_main_19) differ from the sequential loop
// report: array 'a': 8188 of 8192 elements differ; the first is a[0][2]
// report: written by the loop iteration r = 0, i = 2
// report: expected 3, device 2
// report: a dependence between iterations, hidden by an `independent` promise
