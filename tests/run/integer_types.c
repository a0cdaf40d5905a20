/* integer_types.c — integer kernels over int, unsigned, long, short,
 * signed char and unsigned char arrays: `%` and `/` with negative operands,
 * shifts, `& | ^ ~`, unsigned wrap-around, 64-bit products and the usual
 * conversions.  Results are exact: any difference is a bug. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 200;
  int *ia = malloc((size_t)n * sizeof *ia);
  unsigned *ua = malloc((size_t)n * sizeof *ua);
  long *la = malloc((size_t)n * sizeof *la);
  short *sa = malloc((size_t)n * sizeof *sa);
  signed char *ca = malloc((size_t)n);
  unsigned char *ba = malloc((size_t)n);
  for (int i = 0; i < n; i++) {
    ia[i] = i * 37 - 1000;
    ca[i] = (signed char)(i % 100 - 50);
  }

#pragma nu work(64)
  for (int i = 0; i < n; i++) {
    int v = ia[i];
    ia[i] = v % 7 + v / 5 + ((v & 0xfff) << 2) - (v >> 1);
    ua[i] = (unsigned)v * 2654435761u ^ ((unsigned)i << 11);
    la[i] = (long)v * 3000000L + ((long)i << 33);
    sa[i] = (short)((v & 0x7ff) | (i ^ 0x155));
    ca[i] = (signed char)(ca[i] * 2 / 3 + ~i % 4);
    ba[i] = (unsigned char)(v * 7); /* wraps modulo 256 */
  }

  long s1 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0;
  unsigned long s2 = 0;
  for (int i = 0; i < n; i++) {
    s1 += ia[i];
    s2 += ua[i];
    s3 += la[i] % 1000003;
    s4 += sa[i];
    s5 += ca[i];
    s6 += ba[i];
  }
  printf("n=%d\n", n);
  printf("int %ld unsigned %lu long %ld short %ld schar %ld uchar %ld\n", s1, s2, s3, s4, s5, s6);
  for (int i = 0; i < n; i += n / 5 + 1)
    printf("%d: %d %u %ld %d %d %d\n", i, ia[i], ua[i], la[i], sa[i], ca[i], ba[i]);
  free(ia), free(ua), free(la), free(sa), free(ca), free(ba);
  return 0;
}
