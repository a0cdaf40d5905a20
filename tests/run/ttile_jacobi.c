/* ttile_jacobi.c — Jacobi stencils in 1-D and 2-D, a -> b then b -> a in
 * each time step, time-tiled: each launch runs T steps in overlapped tiles
 * of __local memory.  Sizes that do not divide the tiles, step counts that
 * do not divide T.  Results checked against the sequential build. */
#include <stdio.h>
#include <stdlib.h>

static void jacobi1d(int tsteps, int n, float *a, float *b) {
#pragma nu work(32) ttile(4)
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      b[i] = 0.33333f * (a[i - 1] + a[i] + a[i + 1]);
    for (int i = 1; i < n - 1; i++)
      a[i] = b[i];
  }
}

/* tiles of 8 x 16 points with work-groups of 4 x 16 work-items */
static void jacobi2d(int tsteps, int n, int m, double (*a)[m], double (*b)[m]) {
#pragma nu work(4, 16) ttile(3, 8, 16)
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        b[i][j] = 0.2 * (a[i][j] + a[i][j - 1] + a[i][j + 1] + a[i + 1][j] + a[i - 1][j]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        a[i][j] = b[i][j];
  }
}

/* file-scope arrays of fixed size, `<=` bounds, a struct's array, and a
 * step count given as a member */
#define GN 40
static float G[GN][GN], H[GN][GN];
struct field {
  int steps;
  float *w;
};

static void fixed2d(struct field *f) {
#pragma nu work(8, 8) ttile(2)
  for (int t = 0; t < f->steps; t++) {
    for (int i = 2; i <= GN - 3; i++)
      for (int j = 1; j <= GN - 2; j++)
        H[i][j] = 0.25f * (G[i - 2][j] + G[i + 2][j] + G[i][j - 1] + G[i][j + 1]) + f->w[j];
    for (int i = 2; i <= GN - 3; i++)
      for (int j = 1; j <= GN - 2; j++)
        G[i][j] = 0.5f * (H[i][j] + G[i][j]);
  }
}

/* streamed along i in chunks of 7 rows: tiles of 24 columns */
static void jacobi2d_stream(int tsteps, int n, int m, double (*a)[m], double (*b)[m]) {
#pragma nu work(2, 32) ttile(3, 24, stream : 7)
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        b[i][j] = 0.2 * (a[i][j] + a[i][j - 1] + a[i][j + 1] + a[i + 1][j] + a[i - 1][j]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        a[i][j] = b[i][j];
  }
}

/* a bare work: nucc chooses the work-group sizes, the tiles follow them */
static void jacobi2d_bare(int tsteps, int n, int m, double (*a)[m], double (*b)[m]) {
#pragma nu work ttile(2)
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        b[i][j] = 0.25 * (a[i][j - 1] + a[i][j + 1] + a[i + 1][j] + a[i - 1][j]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        a[i][j] = 0.25 * (b[i][j - 1] + b[i][j + 1] + b[i + 1][j] + b[i - 1][j]);
  }
}

/* the time index in the body: a source that changes with t */
static void heat1d_source(int tsteps, int n, double *u, double *v) {
#pragma nu work(16) ttile(5)
  for (int t = 1; t <= tsteps; t++) {
    for (int i = 2; i < n - 2; i++)
      v[i] = u[i] + 0.1 * (u[i - 2] - 2.0 * u[i] + u[i + 2]) + 0.001 * t;
    for (int i = 2; i < n - 2; i++)
      u[i] = v[i] + 0.05 * (v[i - 1] - 2.0 * v[i] + v[i + 1]);
  }
}

static double sum_f(const float *p, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += p[i] * (1.0 + (i % 7));
  return s;
}

static double sum_d(const double *p, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += p[i] * (1.0 + (i % 7));
  return s;
}

int main(void) {
  int n = 1001;
  float *a = malloc(sizeof(float) * n), *b = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    a[i] = b[i] = (float)((i * 37) % 101) / 10.0f;
  jacobi1d(10, n, a, b); /* 10 steps: two launches of 4, one of 2 */
  printf("jacobi1d %.6e %.6e %.6e\n", sum_f(a, n), a[1], a[n / 2]);
  jacobi1d(3, n, a, b); /* fewer steps than T */
  printf("jacobi1d short %.6e %.6e\n", sum_f(a, n), a[n - 2]);

  int rows = 45, cols = 77;
  double(*A)[cols] = malloc(sizeof(double) * rows * cols);
  double(*B)[cols] = malloc(sizeof(double) * rows * cols);
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      A[i][j] = B[i][j] = (double)((i * 13 + j * 7) % 19);
  jacobi2d(7, rows, cols, A, B);
  printf("jacobi2d %.9e %.9e %.9e\n", sum_d(&A[0][0], rows * cols), A[1][1], A[rows / 2][cols / 3]);
  jacobi2d_stream(8, rows, cols, A, B);
  printf("jacobi2d stream %.9e %.9e\n", sum_d(&A[0][0], rows * cols), A[rows - 2][cols - 2]);
  jacobi2d_bare(5, rows, cols, A, B);
  printf("jacobi2d bare %.9e %.9e\n", sum_d(&A[0][0], rows * cols), sum_d(&B[0][0], rows * cols));

  float wv[GN];
  for (int i = 0; i < GN; i++) {
    wv[i] = 0.01f * (float)(i % 3);
    for (int j = 0; j < GN; j++)
      G[i][j] = H[i][j] = (float)((i * 5 + j * 3) % 17);
  }
  struct field fl = {9, wv};
  fixed2d(&fl);
  printf("fixed2d %.6e %.6e %.6e\n", sum_f(&G[0][0], GN * GN), sum_f(&H[0][0], GN * GN),
         G[GN / 2][3]);

  int m = 203;
  double *u = malloc(sizeof(double) * m), *v = malloc(sizeof(double) * m);
  for (int i = 0; i < m; i++)
    u[i] = v[i] = (double)((i * 11) % 23) / 7.0;
  heat1d_source(13, m, u, v);
  printf("heat1d %.9e %.9e\n", sum_d(u, m), u[m / 2]);
  free(a);
  free(b);
  free(A);
  free(B);
  free(u);
  free(v);
  return 0;
}
