/* ttile_dead.c — time-tiled stencils whose sub-steps write an array before
 * any sub-step of the step reads it (Jacobi's b): a launch loads such an
 * array only outside the loops, where no sub-step writes, and only the
 * launch that runs the time loop's last step writes it back
 * (emit/ttile.c, dead_on_entry).  Step counts that divide T and do not,
 * a single launch, a time loop that starts at 1 and ends at `<=`, a
 * three-array chain whose middle arrays are dead, and arrays that look
 * dead but are read first (through a temporary, by `+=`): both arrays are
 * printed after every call, so a write-back left out or a load skipped
 * shows.  Results checked against the sequential build. */
#include <stdio.h>
#include <stdlib.h>

static void jacobi2d(int tsteps, int n, int m, double (*a)[m], double (*b)[m]) {
#pragma nu work(4, 16) ttile(3, 8, 16)
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        b[i][j] = 0.2 * (a[i][j] + a[i][j - 1] + a[i][j + 1] + a[i + 1][j] + a[i - 1][j]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        a[i][j] = 0.2 * (b[i][j] + b[i][j - 1] + b[i][j + 1] + b[i + 1][j] + b[i - 1][j]);
  }
}

/* streamed along i in chunks of 5 rows */
static void jacobi2d_stream(int tsteps, int n, int m, double (*a)[m], double (*b)[m]) {
#pragma nu work(1, 32) ttile(2, 32, stream : 5)
  for (int t = 1; t <= tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        b[i][j] = 0.25 * (a[i][j - 1] + a[i][j + 1] + a[i + 1][j] + a[i - 1][j]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        a[i][j] = 0.5 * (b[i][j] + a[i][j]);
  }
}

/* a -> c -> b -> a: c and b are dead on entry, a is not */
static void chain1d(int tsteps, int n, float *a, float *b, float *c) {
#pragma nu work(32) ttile(4)
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      c[i] = 0.5f * (a[i - 1] + a[i + 1]);
    for (int i = 1; i < n - 1; i++)
      b[i] = 0.25f * (c[i - 1] + 2.0f * c[i] + c[i + 1]);
    for (int i = 1; i < n - 1; i++)
      a[i] = 0.5f * (a[i] + b[i]);
  }
}

/* b is written first in each step but read before: through a temporary,
 * and by `+=` in the other: both loaded and written back every launch */
static void read_first(int tsteps, int n, double *a, double *b, double *c) {
#pragma nu work(16) ttile(3)
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++) {
      double old = b[i];
      b[i] = 0.5 * (a[i - 1] + a[i + 1]) + 0.1 * old;
    }
    for (int i = 1; i < n - 1; i++)
      c[i] += 0.25 * (b[i - 1] + b[i + 1]);
    for (int i = 1; i < n - 1; i++)
      a[i] = 0.5 * (b[i] + 0.01 * c[i]);
  }
}

static double sum_d(const double *p, long n) {
  double s = 0;
  for (long i = 0; i < n; i++)
    s += p[i] * (1.0 + (double)(i % 7));
  return s;
}

static double sum_f(const float *p, long n) {
  double s = 0;
  for (long i = 0; i < n; i++)
    s += p[i] * (1.0 + (double)(i % 7));
  return s;
}

int main(void) {
  int rows = 37, cols = 53;
  long cells = (long)rows * cols;
  double(*A)[cols] = malloc(sizeof(double) * cells);
  double(*B)[cols] = malloc(sizeof(double) * cells);
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++) {
      A[i][j] = (double)((i * 13 + j * 7) % 19);
      B[i][j] = (double)((i * 3 + j * 11) % 17) - 8.0; /* unlike A: a skipped load shows */
    }
  int steps2d[] = {6, 3, 7, 1};
  for (int r = 0; r < 4; r++) { /* 2 launches, 1, 3 (the last of 1 step), 1 of 1 step */
    jacobi2d(steps2d[r], rows, cols, A, B);
    printf("jacobi2d %d: %.10e %.10e %.10e\n", steps2d[r], sum_d(&A[0][0], cells),
           sum_d(&B[0][0], cells), B[rows / 2][cols / 3]);
  }
  int steps_stream[] = {4, 5, 2};
  for (int r = 0; r < 3; r++) {
    jacobi2d_stream(steps_stream[r], rows, cols, A, B);
    printf("jacobi2d stream %d: %.10e %.10e %.10e\n", steps_stream[r], sum_d(&A[0][0], cells),
           sum_d(&B[0][0], cells), B[rows - 2][cols - 2]);
  }

  int n = 301;
  float *a = malloc(sizeof(float) * n), *b = malloc(sizeof(float) * n),
        *c = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++) {
    a[i] = (float)((i * 37) % 101) / 10.0f;
    b[i] = -1.0f - (float)(i % 5);
    c[i] = 2.0f + (float)(i % 3);
  }
  int steps1d[] = {8, 4, 9};
  for (int r = 0; r < 3; r++) {
    chain1d(steps1d[r], n, a, b, c);
    printf("chain1d %d: %.6e %.6e %.6e\n", steps1d[r], sum_f(a, n), sum_f(b, n), sum_f(c, n));
  }

  double *x = malloc(sizeof(double) * n), *y = malloc(sizeof(double) * n),
         *z = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++) {
    x[i] = (double)((i * 29) % 31);
    y[i] = (double)(i % 9) - 4.0;
    z[i] = 0.5 * (double)(i % 4);
  }
  int steps_rf[] = {6, 4};
  for (int r = 0; r < 2; r++) {
    read_first(steps_rf[r], n, x, y, z);
    printf("read_first %d: %.10e %.10e %.10e\n", steps_rf[r], sum_d(x, n), sum_d(y, n),
           sum_d(z, n));
  }
  free(A);
  free(B);
  free(a);
  free(b);
  free(c);
  free(x);
  free(y);
  free(z);
  return 0;
}
