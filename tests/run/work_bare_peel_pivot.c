/* work_bare_peel_pivot.c — issue 26: a row scaled by one of its own
 * elements, `a[j] = a[j] / a[m]`, under a bare `work`.  Iteration j = m
 * writes what every iteration reads, so j carries a dependence and nothing
 * else maps it: nucc refused the region.  The dependence meets that one
 * iteration, so the bare `work` peels it off (`peel(m, n - 1 - m)`): the
 * elements before it read a[m] as it was, the pivot divides itself to 1,
 * and the elements after it read the 1, three kernels in order.  In the
 * rows of a matrix, the pivot column a parameter, a chain maps the rows
 * (`permut(2,1)`, the columns inside each work-item): one kernel, no peel.
// nucc-kernels: 4
 */
#include <stdio.h>

#define N 300
#define R 5
static double a[N], b[R][N];

static void scale_rows(int n, int p) {
#pragma nu work
  for (int j = 0; j < n; j++)
    for (int r = 0; r < R; r++)
      b[r][j] = b[r][j] - b[r][p] * 0.5;
}

int main(void) {
  for (int j = 0; j < N; j++) {
    a[j] = j * 0.5 + 1;
    for (int r = 0; r < R; r++)
      b[r][j] = (double)((r * 7 + j) % 13) - 6;
  }
  int m = 137;
#pragma nu work
  for (int j = 0; j < N; j++)
    a[j] = a[j] / a[m];
  scale_rows(N, 211);
  double s = 0, t = 0;
  for (int j = 0; j < N; j++) {
    s += a[j] * (j % 7 + 1);
    for (int r = 0; r < R; r++)
      t += b[r][j] * (j % 5 + r + 1);
  }
  printf("a %.10g a[%d] %.10g a[%d] %.10g b %.10g\n", s, m, a[m], N - 1, a[N - 1], t);
  return 0;
}
