/* snapshot.c — reads that see the values from before the nest read a copy
 * taken on the device before the launch, so the writes of later iterations
 * no longer order them.  Each nest below is refused by `work` without the
 * snapshot (a proven anti-dependence between work-items) and runs in
 * parallel with it; every result is checked against the sequential build. */
#include <stdio.h>
#include <stdlib.h>

#define M 29
#define N 34

static double A[M][M], B[M][N];

/* trmm in its legacy order: row i reads the rows below it, which later
 * iterations of i overwrite; B[i][j] itself (the `+=`) stays in B. */
static void trmm(int m, int n, double alpha, double A[M][M], double B[M][N]) {
  int i, j, k;
#pragma nu work(16, 16) permut(2, 1) snapshot(B)
  for (j = 0; j < n; j++)
    for (i = 0; i < m; i++) {
      for (k = i + 1; k < m; k++)
        B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
}

/* A shift in place: x[i + 1] is read before iteration i + 1 writes it. */
static void shift(int n, float *x) {
  int i;
#pragma nu work(64) snapshot(x)
  for (i = 0; i < n - 1; i++)
    x[i] = 0.5f * (x[i] + x[i + 1]);
}

/* Rows of run-time length (a pointer to a VLA), a copy that starts at row
 * lo + 1, and a read that stays: u[i][j] is written in the same iteration
 * before it is read again. */
static void smooth_down(int lo, int hi, int w, double (*u)[w]) {
#pragma nu work(8, 16) snapshot(u)
  for (int i = lo; i < hi; i++)
    for (int j = 1; j < w - 1; j++) {
      u[i][j] = (u[i + 1][j - 1] + u[i + 1][j] + u[i + 1][j + 1]) / 3.0;
      u[i][j] = u[i][j] * 0.5 + 0.25;
    }
}

/* Counting down: iteration i reads y[i - 1], which iteration i - 1 writes
 * later, in the loop's order. */
static void shift_down(int n, double *y) {
#pragma nu work(32) snapshot(y)
  for (int i = n - 1; i >= 1; i--)
    y[i] = y[i - 1] * 2.0 - y[i];
}

static void checksum(const char *name, const double *p, int count) {
  double s = 0.0, w = 0.0;
  for (int k = 0; k < count; k++) {
    s += p[k];
    w += p[k] * (double)(k % 7 + 1);
  }
  printf("%s %.9g %.9g %.9g\n", name, s, w, p[count / 3]);
}

int main(void) {
  for (int i = 0; i < M; i++) {
    for (int j = 0; j < i; j++)
      A[i][j] = (double)((i + j) % M) / M;
    A[i][i] = 1.0;
    for (int j = i + 1; j < M; j++)
      A[i][j] = -777.0;
    for (int j = 0; j < N; j++)
      B[i][j] = (double)((N + (i - j)) % N) / N;
  }
  trmm(M, N, 1.5, A, B);
  checksum("trmm", &B[0][0], M * N);
  trmm(M - 3, N - 5, 0.5, A, B); /* a smaller corner: the copy holds its rows only */
  checksum("trmm2", &B[0][0], M * N);

  int n = 1000;
  float *x = malloc(sizeof *x * (size_t)n);
  for (int i = 0; i < n; i++)
    x[i] = (float)(i % 13) - 6.0f;
  shift(n, x);
  shift(n, x);
  double xs[3] = {0, 0, 0};
  for (int i = 0; i < n; i++)
    xs[i % 3] += x[i] * (i % 5 + 1);
  printf("shift %.6g %.6g %.6g %.6g\n", xs[0], xs[1], xs[2], x[n - 2]);

  int h = 23, w = 19;
  double(*u)[w] = malloc(sizeof(double) * (size_t)(h * w));
  for (int i = 0; i < h; i++)
    for (int j = 0; j < w; j++)
      u[i][j] = (double)((i * 7 + j * 3) % 11);
  smooth_down(2, h - 1, w, u);
  checksum("smooth", &u[0][0], h * w);

  double *y = malloc(sizeof *y * 777);
  for (int i = 0; i < 777; i++)
    y[i] = (double)(i % 17) * 0.25;
  shift_down(777, y);
  checksum("shift_down", y, 777);
  free(x);
  free(u);
  free(y);
  return 0;
}
