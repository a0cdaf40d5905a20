/* numcmp.c — compares two outputs number by number, as PolyBench-ACC's
 * programs compare their GPU result with their CPU one: a value is off when
 * its percentDiff exceeds 0.05 (values both under 0.01 in magnitude are
 * skipped).  Anything that is not a number separates numbers.  Streams both
 * files: jacobi-2d-imper's dump at 4096² is 16.7 M values.
 * Prints "ok", or how many values are off (and the first one), or why the
 * files cannot be compared; exits 0 only with "ok".
 * Usage: numcmp REF OUT */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* starts[c]: c may start a number; in[c]: c may be part of one */
static char starts[256], in[256];

/* Next number of f into *v; 0 at the end of the file. */
static int next(FILE *f, double *v) {
  char buf[128];
  int c, n;
  for (;;) {
    c = getc_unlocked(f);
    if (c == EOF)
      return 0;
    if (starts[c])
      break;
  }
  n = 0;
  while (c != EOF && n < (int)sizeof buf - 1 && in[c]) {
    buf[n++] = (char)c;
    c = getc_unlocked(f);
  }
  buf[n] = 0;
  char *end;
  *v = strtod(buf, &end);
  if (end == buf)
    return next(f, v);
  return 1;
}

int main(int argc, char **argv) {
  FILE *r, *g;
  double a, b, first_a = 0, first_b = 0;
  unsigned long n = 0, bad = 0, first = 0;
  int ra, rb;
  const char *p;
  for (p = "0123456789.-+"; *p; p++)
    starts[(unsigned char)*p] = 1;
  for (p = "0123456789.-+eEinfaINFA"; *p; p++)
    in[(unsigned char)*p] = 1;
  if (argc != 3) {
    fprintf(stderr, "usage: numcmp REF OUT\n");
    return 2;
  }
  r = fopen(argv[1], "r");
  g = fopen(argv[2], "r");
  if (!r || !g) {
    printf("cannot open %s\n", r ? argv[2] : argv[1]);
    return 1;
  }
  for (;;) {
    ra = next(r, &a);
    rb = next(g, &b);
    if (!ra || !rb)
      break;
    n++;
    if (fabs(a) < 0.01 && fabs(b) < 0.01)
      continue;
    if (100.0 * fabs((a - b) / (a + 1e-8)) > 0.05 || isnan(a) != isnan(b)) {
      if (!bad) {
        first = n;
        first_a = a;
        first_b = b;
      }
      bad++;
    }
  }
  if (ra != rb) {
    printf("%s has %s values than %s (%lu in common)\n", argv[2], ra ? "fewer" : "more", argv[1],
           n);
    return 1;
  }
  if (n == 0) {
    printf("no values\n");
    return 1;
  }
  if (bad) {
    printf("%lu of %lu values differ by more than 0.05%% (first: #%lu, %g against %g)\n", bad, n,
           first, first_b, first_a);
    return 1;
  }
  printf("ok\n");
  return 0;
}
