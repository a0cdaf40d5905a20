/* host_range_fallbacks.c — host statements between kernels where naming
 * only the elements written would leave stale data: nucc must sync the
 * whole array there (a subscript that changes in the statement, an access
 * under && or ?:, a loop, the array handed to memset, an alias rotated in
 * the statement, a variable whose address is taken), and may name
 * elements elsewhere (a 2-D VLA pointer, a struct's array, an if
 * condition).  Every kernel reads what the host wrote before it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct grid {
  int n;
  double cells[16];
  double *data;
};

int main(void) {
  int n = 16;
  double *x = malloc(sizeof(double) * (size_t)n);
  double *y = malloc(sizeof(double) * (size_t)n);
  double(*A)[n] = malloc(sizeof(double) * (size_t)(n * n));
  struct grid g = {n, {0}, malloc(sizeof(double) * (size_t)n)};
  struct grid *p = &g;
  double *q = x;
  for (int i = 0; i < n; i++) {
    x[i] = i;
    y[i] = 1;
    g.cells[i] = 2 * i;
    g.data[i] = i % 3;
    for (int j = 0; j < n; j++)
      A[i][j] = (i == j) ? n : 1.0 / (1 + i + j);
  }
  int k = 0, j = 0, m = 5, *pm = &m;
  double w = 0, t = 0;
  for (int s = 0; s < 4; s++) {
#pragma nu work(8)
    for (int i = 0; i < n; i++) {
      x[i] = x[i] * 0.5 + s + i + y[i];
      y[i] = y[i] + x[i] * 0.25;
      g.cells[i] = g.cells[i] + x[i];
      p->data[i] = p->data[i] * 0.5 + g.cells[i];
      A[i][(i + s) % n] += x[i] * 0.01;
    }
    k = s + 1;
    j = k;
    /* subscripts that change in the statement */
    x[j++] = x[k] + 1;
    w = y[j++];
    j = 3, x[j] = x[j] * 2 + w;
    /* under && and ?: : may not run */
    t = (k > 1 && x[k - 1] > 0) ? y[k + 1] : y[0];
    /* a loop: one statement */
    for (int i = 0; i < n; i += 2)
      y[i] = y[i] + x[i] - t;
    /* the array handed to memset and an element, in one statement */
    memset(y + 8, 0, sizeof(double) * 2), y[9] = w + 1;
    /* an alias rotated in the statement */
    q = x + k, q[1] = q[0] + 3;
    q = y;
    *q = *q + 1;
    /* a variable a pointer may change */
    *pm = s + 2, x[m] = x[m] + 0.5;
    /* a 2-D VLA pointer: the diagonal element alone */
    A[k][k] = sqrt(A[k][k]);
    A[k][1] = A[1][k] - A[k][k];
    /* a struct's arrays */
    g.cells[3] = g.cells[2] + 1;
    p->data[k] = p->data[k + 1] - g.cells[k];
    /* elements in an if condition */
    if (x[k] > y[k])
      y[k] = x[k] - y[k];
    else
      x[k] = y[k];
#pragma nu work(8)
    for (int i = 0; i < n; i++) {
      x[i] = x[i] + A[i][i] + p->data[i] * 0.125;
      y[i] = y[i] - g.cells[i] * 0.001;
    }
  }
  double sx = 0, sy = 0, sa = 0, sc = 0, sd = 0;
  for (int i = 0; i < n; i++) {
    sx += x[i];
    sy += y[i];
    sc += g.cells[i];
    sd += g.data[i];
    for (int jj = 0; jj < n; jj++)
      sa += A[i][jj] * (1 + (i + jj) % 5);
  }
  printf("x %.6f y %.6f A %.6f cells %.6f data %.6f w %.6f t %.6f m %d j %d\n", sx, sy, sa, sc, sd,
         w, t, m, j);
  printf("x[1..5] %.6f %.6f %.6f %.6f %.6f\n", x[1], x[2], x[3], x[4], x[5]);
  free(x);
  free(y);
  free(A);
  free(g.data);
  return 0;
}
