/* element_reduction.c — reductions into an array element whose subscripts
 * do not change in the kernel (SPEC §4): triangular solves, where the inner
 * loop over j is the kernel and i is a host loop, and row sums into r[i].
 * The solves' kernels finish x[i] and y[i] in their arrays on the device
 * (they read x and y elsewhere); the host folds r[i], which its kernels
 * touch nowhere else; the other accesses of an array stay buffer reads.
 * Also an element of a struct member named in reduce(...), host-folded. */
#include <stdio.h>
#include <stdlib.h>

#define N 300

struct stats {
  double acc[4];
  int n;
};

int main(void) {
  int i, j;
  double *L, *U, *x, *y, *b;
  double r[N / 10];
  int n = N;
  L = malloc(sizeof(double) * N * N);
  U = malloc(sizeof(double) * N * N);
  x = malloc(sizeof(double) * N);
  y = malloc(sizeof(double) * N);
  b = malloc(sizeof(double) * N);
  for (i = 0; i < n; i++) {
    b[i] = 1.0 + i % 7;
    for (j = 0; j < n; j++) {
      L[i * N + j] = j < i ? 1.0 / (1 + i + j) : (i == j ? 2.0 + i % 3 : 0.0);
      U[i * N + j] = j > i ? 0.5 / (2 + i + j) : (i == j ? 3.0 - i % 2 : 0.0);
    }
  }

  /* forward substitution: L x = b */
  for (i = 0; i < n; i++) {
    x[i] = b[i];
#pragma nu work(64)
    for (j = 0; j < i; j++)
      x[i] -= L[i * N + j] * x[j];
    x[i] /= L[i * N + i];
  }
  double sx = 0;
  for (i = 0; i < n; i++)
    sx += x[i] * (i % 5 + 1);
  printf("forward x0=%g x1=%g xn=%g sum=%g\n", x[0], x[1], x[n - 1], sx);

  /* back substitution: U y = x */
  for (i = n - 1; i >= 0; i--) {
    y[i] = x[i];
#pragma nu work(32)
    for (j = i + 1; j < n; j++)
      y[i] -= U[i * N + j] * y[j];
    y[i] = y[i] / U[i * N + i];
  }
  double sy = 0;
  for (i = 0; i < n; i++)
    sy += y[i] * (i % 3 + 1);
  printf("back y0=%g yn=%g sum=%g\n", y[0], y[n - 1], sy);

  /* row maxima and sums of blocks into an element of a fixed array */
  for (i = 0; i < N / 10; i++) {
    r[i] = -1;
#pragma nu work(16)
    for (j = 0; j < n; j++)
      if (L[(i * 10) * N + j] > r[i])
        r[i] = L[(i * 10) * N + j];
#pragma nu work(16)
    for (j = 0; j < n; j++)
      r[i] += U[j * N + (i * 10)];
  }
  printf("r0=%g r1=%g rlast=%g\n", r[0], r[1], r[N / 10 - 1]);

  /* an element of a struct member, named in reduce(...) */
  struct stats st = {{0, 1, 2, 3}, N};
  struct stats *ps = &st;
  for (i = 0; i < 4; i++) {
#pragma nu work(32) reduce(+ : ps->acc[i])
    for (j = 0; j < ps->n; j++)
      ps->acc[i] += b[j] * (i + 1);
  }
  printf("acc=%g %g %g %g\n", st.acc[0], st.acc[1], st.acc[2], st.acc[3]);
  free(L);
  free(U);
  free(x);
  free(y);
  free(b);
  return 0;
}
