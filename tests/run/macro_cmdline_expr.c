// nucc-flags: -DROWS=(1<<5)+3 -DCOLS=(ROWS/2) -DK=7
// cc-flags: -std=c11 -DROWS=(1<<5)+3 -DCOLS=(ROWS/2) -DK=7
/* Macros set on the command line whose values are expressions: a -D
 * macro's text is in no file, and --emit=seq printed each of its literals
 * as its name (`(ROWS << ROWS) + ROWS`, 2^35 + 35 rows) where a macro
 * defined in the file printed its value (issue 32).  K, one number, keeps
 * its name.  The remainders of dmine(3, 2) are not empty (35 and 17). */
#include <stdio.h>

static long a[ROWS][COLS];

int main(void) {
#pragma nu work(4, 4) dmine(3, 2)
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < COLS; j++)
      a[i][j] = (long)i * COLS + j * K - ROWS;
  long s = 0;
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < COLS; j++)
      s += a[i][j] * (i % 5 + j % 3 + 1);
  printf("%ld %ld %ld\n", s, a[0][0], a[ROWS - 1][COLS - 1]);
  return 0;
}
