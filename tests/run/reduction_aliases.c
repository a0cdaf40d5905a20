/* reduction_aliases.c — reduction variables the host cannot fold lazily,
 * or only where they are named, still read right: a global read by a
 * helper called after the nest (and inside the time loop), a local whose
 * address is taken before and after the launches, a parameter, a member of
 * a struct, and a variable declared in the loop body. */
#include <stdio.h>
#include <stdlib.h>

static double total;

static double read_total(void) { return total * 2.0; }

struct acc {
  double s;
  int n;
};

static double param_sum(const double *a, int n, double start) {
  for (int r = 0; r < 3; r++) {
#pragma nu work(64)
    for (int i = 0; i < n; i++)
      start += a[i];
  }
  return start;
}

static void bump(double *p) { *p += 1000.0; }

int main(void) {
  int n = 12345;
  double *a = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++)
    a[i] = (double)((i * 5) % 11) / 3.0;
  /* a global, read by a helper after the nest and in every step */
  double seen = 0;
  for (int t = 0; t < 6; t++) {
#pragma nu work(64)
    for (int i = 0; i < n; i++)
      total += a[i];
    seen += read_total();
  }
  printf("global: total=%.4f helper=%.4f seen=%.4f\n", total, read_total(), seen);
  /* a local whose address is taken: the pointer reads it, a call writes it */
  double s = 0;
  double *ps = &s;
  for (int t = 0; t < 5; t++) {
#pragma nu work(64)
    for (int i = 0; i < n; i++)
      s += a[i] * t;
    bump(ps);
  }
  printf("address taken: *ps=%.4f\n", *ps);
  printf("parameter: %.4f\n", param_sum(a, n, 7.0));
  struct acc m = {0, 0};
  for (int t = 0; t < 4; t++) {
#pragma nu work(64)
    for (int i = 0; i < n; i++)
      m.s += a[i];
  }
  printf("member: %.4f\n", m.s);
  double trace = 0;
  for (int t = 0; t < 4; t++) {
    double inner = t;
#pragma nu work(64)
    for (int i = 0; i < n; i++)
      inner += a[i];
    trace += inner;
  }
  printf("in the loop: %.4f\n", trace);
  free(a);
  return 0;
}
