/* A wrong `independent` promise: row 1 reads row 0 one work-group further
 * on (far[1][i] = i + 64), which the loop has written by then, as it runs
 * row 0 whole before row 1.  The kernel's work-groups of 2 x 64 hold both
 * rows of 64 columns, so a group's row 1 reads columns of the next group's
 * row 0, which in any order PoCL or a GPU runs the groups may not be
 * written yet.  Built with cc the loop is right; under NU_VERIFY=1 the
 * first launch must be reported: kernel, line, array, element, iteration,
 * values.  PoCL mostly runs the groups in order, one to four threads
 * alike: each group's row 1 but the last's reads the old values, 63 x 64
 * elements; under ASan one group once ran early (62 x 64), so the count is
 * not checked, only that group 0's row 1 is the first to differ.  (A
 * race between the work-items of a row, each reading the one before, showed
 * on PoCL's threads only now and then.) */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 4096;
  double(*a)[4096] = malloc(sizeof(double[2][4096]));
  int(*far)[4096] = malloc(sizeof(int[2][4096]));
  for (int i = 0; i < n; i++) {
    a[0][i] = a[1][i] = 1.0;
    far[0][i] = i;
    far[1][i] = (i + 64) % n;
  }
#pragma nu work(2, 64) independent
  for (int r = 0; r < 2; r++)
    for (int i = 0; i < n; i++)
      a[r][i] = a[0][far[r][i]] + 1.0;
  printf("%g %g\n", a[0][n - 1], a[1][n - 1]);
  free(a);
  free(far);
  return 0;
}
// report: the kernels of the loop at
// report: wrong_independent.c:27 (kernel nu_main_27) differ from the sequential loop
// report: array 'a':
// report:  of 8192 elements differ; the first is a[1][0]
// report: written by the loop iteration r = 1, i = 0
// report: expected 3, device 2
// report: a dependence between iterations, hidden by an `independent` promise
