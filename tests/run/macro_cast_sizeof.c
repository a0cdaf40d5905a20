/* Macros that expand to a cast or a sizeof: a bound ((int)(N / 2.0)), an
 * element count (sizeof(a) / sizeof(a[0])), a stride ((int)sizeof(short))
 * in subscripts, and a float quotient on the right-hand side, under dmine
 * and unroll (so the remainders' bounds are rewritten expressions).
 * --emit=seq once printed `(int)(HALF / HALF)` for HALF, 1 where the source
 * means 101 (issue 32). */
#include <stdio.h>

#define N 203
#define HALF ((int)(N / 2.0))
#define ELEMS ((int)(sizeof(a) / sizeof(a[0])))
#define STRIDE (int)sizeof(short)
#define FRAC ((float)N / 8)

static float a[N], b[N];

int main(void) {
  for (int i = 0; i < ELEMS; i++)
    a[i] = (float)(i % 13) - 6;
#pragma nu work(32) dmine(4)
  for (int i = 0; i < HALF; i++)
    b[i * STRIDE] = a[i + HALF] * FRAC + (float)sizeof(double) + STRIDE;
#pragma nu work(16) unroll(3)
  for (int i = 0; i < HALF; i++)
    b[i * STRIDE + 1] = a[ELEMS - 1 - i] - (float)(ELEMS % 5);
  double s = 0;
  for (int i = 0; i < N; i++)
    s += b[i] * (i + 1);
  printf("%.4f %.4f %.4f\n", s, b[0], b[N - 1]);
  return 0;
}
