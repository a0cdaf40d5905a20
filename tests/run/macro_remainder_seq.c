/* Macros whose values are one number (N, M, LO) in the bounds of dmine'd,
 * peeled and unrolled nests: the main parts' bounds are rewritten
 * (a multiple of the factor, a peeled end), the remainders start there, and
 * what is left of the source's bounds keeps the macro's name.  --emit=seq
 * must print the rewritten bounds by value or as expressions of the
 * names (N / 2 * 2), never a rewritten bound as the bare name. */
#include <stdio.h>

#define N 1001
#define M 77
#define LO 3
#define HI (N - LO)

static int a[N][M];

int main(void) {
#pragma nu work(16, 4) dmine(2, 3)
  for (int i = LO; i < N; i++)
    for (int j = 0; j < M - LO; j++)
      a[i][j] = i * M + j - N;
#pragma nu work(8) peel(3, 2)
  for (int i = 0; i < N; i++)
    a[i][M - 1] = i % LO + N;
#pragma nu work(8) unroll(4)
  for (int i = LO; i <= HI; i += 2)
    a[i][M - 2] = HI - i;
  long s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s += (long)a[i][j] * (j + 1);
  printf("%ld %d %d %d\n", s, a[LO][0], a[N - 1][M - 1], a[HI - 1][M - 2]);
  return 0;
}
