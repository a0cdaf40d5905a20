/* element_reduction_device.c — reductions into an array element that the
 * kernel also reads elsewhere end in the array on the device: the last
 * work-group combines the result into x[i], and the host waits for nothing
 * after the launch (SPEC §4).  Forward substitution under a bare `work`,
 * whose division then runs as a kernel of one work-item, in the last
 * work-item of the reduction's kernel except where that has no iteration
 * (i = 0), and whose x[i] = b[i] runs there too, before the combine; again with a division that
 * reads an element of d that the host has just written, past those the reduction reads (the launch
 * covers both kernels' ranges), and an array the reduction does not read; with a division that
 * reads the reduction loop's index after it; a sum the host reads right after the launch; a maximum
 * into an int element (longest path over a DAG); a main kernel and its dmine remainder each adding
 * into the element; a stack array, which only the statements' syncs keep fresh; and a kernel that
 * writes other elements of the array it reduces into (NU_VERIFY compares the element in the array
 * too).  Sizes leave partial work-groups. */
// nucc-kernels: 11
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#define N 777

static void forward(int n, const double *L, double *x, const double *b) {
  int i, j;
#pragma nu work
  for (i = 0; i < n; i++) {
    x[i] = b[i];
    for (j = 0; j < i; j++)
      x[i] -= L[i * N + j] * x[j];
    x[i] = x[i] / L[i * N + i];
  }
}

/* (D L) x = b, D diagonal, with d[i] set by the host as the solve reaches
 * row i: the division reads d[i], which the reduction before it does not
 * (it reads d[j], j < i); and sc, which it does not read at all */
static void forward_scaled(int n, const double *L, double *d, const double *sc, double *x,
                           const double *b) {
  int i, j;
#pragma nu work
  for (i = 0; i < n; i++) {
    x[i] = b[i];
    d[i] = 1.5 + 0.25 * (i % 4);
    for (j = 0; j < i; j++)
      x[i] -= d[j] * L[i * N + j] * x[j];
    x[i] = x[i] * sc[i] / (d[i] * L[i * N + i] + L[(N - 1) * N + i]);
  }
}

/* the division reads j, which the reduction's loop leaves at i: the stub
 * sets it after the call's arguments were taken, so the division stays a
 * kernel of its own */
static void forward_index(int n, const double *L, double *x, const double *b) {
  int i, j;
#pragma nu work
  for (i = 0; i < n; i++) {
    x[i] = b[i];
    for (j = 0; j < i; j++)
      x[i] -= L[i * N + j] * x[j];
    x[i] = x[i] / L[i * N + j];
  }
}

int main(void) {
  int i, j, n = N;
  double *L = malloc(sizeof(double) * N * N), *x = malloc(sizeof(double) * N);
  double *b = malloc(sizeof(double) * N), *s = malloc(sizeof(double) * 9);
  int *len = malloc(sizeof(int) * N), *w = malloc(sizeof(int) * N);
  double *w2 = malloc(sizeof(double) * N);
  double xs[N];
  for (i = 0; i < n; i++) {
    b[i] = 1.0 + i % 7;
    w[i] = (i * 37) % 11 - 3;
    for (j = 0; j < n; j++)
      L[i * N + j] = j < i ? 1.0 / (1 + i + j) : (i == j ? 2.0 + i % 3 : 0.0);
  }
  forward(n, L, x, b);
  double sx = 0;
  for (i = 0; i < n; i++)
    sx += x[i] * (i % 5 + 1);
  printf("forward x0=%.12g x1=%.12g xn=%.12g sum=%.12g\n", x[0], x[1], x[n - 1], sx);
  for (i = 0; i < n; i++) {
    xs[i] = 0.5 + (i % 13) * 0.125;
    w2[i] = 1.0;
  }
  forward_scaled(n, L, w2, xs, x, b);
  sx = 0;
  for (i = 0; i < n; i++)
    sx += x[i] * (i % 5 + 1);
  printf("scaled x0=%.12g x1=%.12g xn=%.12g sum=%.12g\n", x[0], x[1], x[n - 1], sx);
  forward_index(n, L, x, b);
  sx = 0;
  for (i = 0; i < n; i++)
    sx += x[i] * (i % 5 + 1);
  printf("index x0=%.12g x1=%.12g xn=%.12g sum=%.12g\n", x[0], x[1], x[n - 1], sx);

  /* each s[k] read by the host as soon as its kernel has run */
  double t = 0;
  s[0] = 1;
  for (int k = 1; k < 9; k++) {
    s[k] = k;
#pragma nu work(64)
    for (j = 0; j < n; j++)
      s[k] += x[j] * (j % (k + 2)) + 1e-3 * s[k - 1];
    t += s[k] * (k + 1);
  }
  printf("sums s0=%.12g s8=%.12g t=%.12g\n", s[0], s[8], t);

  /* longest path ending at each node of a DAG whose edges go up */
  len[0] = 0;
  for (i = 1; i < n; i++) {
    len[i] = INT_MIN;
#pragma nu work(32)
    for (j = 0; j < i; j++) {
      int c = (i + j) % 3 != 0 ? len[j] + w[j] : INT_MIN;
      len[i] = c > len[i] ? c : len[i];
    }
    if (len[i] == INT_MIN)
      len[i] = 0;
  }
  long lsum = 0;
  for (i = 0; i < n; i++)
    lsum += len[i];
  printf("paths len1=%d lenn=%d sum=%ld\n", len[1], len[n - 1], lsum);

  /* a main kernel and its remainder, both adding into xs[i] */
  for (i = 0; i < n; i++) {
    xs[i] = b[i];
#pragma nu work(32) dmine(3)
    for (j = 0; j < i; j++)
      xs[i] -= L[i * N + j] * xs[j];
    xs[i] /= L[i * N + i];
  }
  double ss = 0;
  for (i = 0; i < n; i++)
    ss += xs[i] * (i % 3 + 1);
  printf("stack xs0=%.12g xsn=%.12g sum=%.12g\n", xs[0], xs[n - 1], ss);

  /* s2[i] sums while the same kernel writes s2[n2 + j] */
  int n2 = 50;
  double *s2 = malloc(sizeof(double) * (n2 + n));
  for (i = 0; i < n2 + n; i++)
    s2[i] = 0;
  for (i = 0; i < n2; i++) {
    s2[i] = 1;
#pragma nu work(64) independent
    for (j = 0; j < n; j++) {
      s2[i] += b[j] * i;
      s2[n2 + j] = b[j] + i;
    }
  }
  double s2sum = 0;
  for (i = 0; i < n2 + n; i++)
    s2sum += s2[i] * (i % 3 + 1);
  printf("written s0=%.12g sn=%.12g sum=%.12g\n", s2[0], s2[n2 - 1], s2sum);
  free(s2);
  free(L), free(x), free(b), free(s), free(len), free(w), free(w2);
  return 0;
}
