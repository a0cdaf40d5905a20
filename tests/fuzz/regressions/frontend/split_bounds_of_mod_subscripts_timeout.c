/* inline_mod_subscript.c — subscripts taken modulo the array's length (a
 * ring, a periodic boundary): `a[(i + k) % m]` with a run-time m under
 * `inline`, where each copy of the body reads `a[(i + 0) % m]`,
 * `a[(i + 1) % m]`, ...  For x >= 0, x % m lies in [0, m), so the buffer is
 * a's first m elements; nucc once refused it ("cannot bound the subscript
 * '(i + 0) % m'", issue 23 item 7).  Also a constant modulus, and a run-time
 * one that is negative (C's remainder takes the dividend's sign: the
 * magnitude bounds it). */
#include <stdio.h>
#include <stdlib.h>

static void ring(int n, int m, const double *a, double *b) {
#pragma nu work(32)
  for (int i = 0; i < n; i++) {
    double s = 0;
#pragma nu inline
    for (int k = 0; k < 5; k++)
      s += a[(i + k) % m] * (k + 1);
    b[i] = s;
  }
}

static void ring_const(int n, const double *a, double *b) {
#pragma nu work(32)
  for (int i = 0; i < n; i++) {
    double s = 0;
#pragma nu inline
    for (int k = 0; k < 3; k++)
      s += a[(2 * i + k) % 7] - a[i % 4];
    b[i] = s;
  }
}

static void ring_negative(int n, int m, const double *a, double *b) {
#pragma nu work(16)
  for (int i = 0; i < n; i++)
    b[i] = a[(i + 3) % m] + a[i % m];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 203;
  int m = argc > 2 ? atoi(argv[2]) : 29;
  /* the arrays are exactly m (or 7) long: a copy past them would read
   * another block, and a copy before them (a bound of -(m - 1)) too */
  double *a = malloc((size_t)m * sizeof *a), *c = malloc(7 * sizeof *c);
  double *b = malloc((size_t)n * sizeof *b), *d = malloc((size_t)n * sizeof *d);
  double *e = malloc((size_t)n * sizeof *e);
  for (int i = 0; i < m; i++)
    a[i] = (double)((i * 5) % 11) + 0.25 * i;
  for (int i = 0; i < 7; i++)
    c[i] = 1.5 * i - 2;
  ring(n, m, a, b);
  ring_const(n, c, d);
  ring_negative(n, -m, a, e);
  double sb = 0, sd = 0, se = 0;
  for (int i = 0; i < n; i++) {
    sb += b[i] * (i % 9 + 1);
    sd += d[i] * (i % 5 + 1);
    se += e[i] * (i % 3 + 1);
  }
  printf("ring %.6f %.6f %.6f\n", sb, b[0], b[n - 1]);
  printf("const %.6f %.6f\n", sd, d[n - 1]);
  printf("negative %.6f %.6f\n", se, e[n - 1]);
  free(a);
  free(b);
  free(c);
  free(d);
  free(e);
  return 0;
}
