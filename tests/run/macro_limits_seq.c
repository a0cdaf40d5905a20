/* Macros of <limits.h> whose values are expressions of the compiler's own
 * macros: UCHAR_MAX is (SCHAR_MAX * 2 + 1), SHRT_MIN (-SHRT_MAX - 1), with
 * SCHAR_MAX and SHRT_MAX predefined, in no file.  A literal spelled in no
 * file kept the name it expanded at, so --emit=seq printed
 * `i % (UCHAR_MAX * 2 + 1)` (511) and `(-SHRT_MIN - 1)`, a program that
 * computed other values than cc's build (issue 32). */
#include <limits.h>
#include <stdio.h>

static int a[UCHAR_MAX + 45];

int main(void) {
#pragma nu work(16) dmine(4)
  for (int i = 0; i < UCHAR_MAX + 45; i++)
    a[i] = i % UCHAR_MAX + SHRT_MIN / 256 + (i > SCHAR_MAX);
  long s = 0;
  for (int i = 0; i < UCHAR_MAX + 45; i++)
    s += (long)a[i] * (i % 7 + 1);
  printf("%ld %d %d\n", s, a[UCHAR_MAX - 1], a[UCHAR_MAX + 44]);
  return 0;
}
