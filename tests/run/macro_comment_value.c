/* Macros whose definitions hold comments: N's value is `64 + 1`, the
 * comment after 64 is not its end; M's value is one literal with a comment
 * after it.  A literal printed as its macro's name only when it is the
 * macro's whole value: N's 64 once printed as `N` (--emit=seq's bound
 * `i < N + 1`, 66 iterations where the source runs 65; issue 32). */
#include <stdio.h>

#define N 64 /* rows, then one more: */ + 1
#define M 7 /* columns */
#define K /* a factor */ 3

static int a[2 * N][M];

int main(void) {
#pragma nu work(8, 4) dmine(2, 1)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      a[i][j] = i * K + j * N;
  long s = 0;
  for (int i = 0; i < 2 * N; i++)
    for (int j = 0; j < M; j++)
      s += a[i][j] * (j + 1);
  printf("%ld %d %d\n", s, a[N - 1][M - 1], a[N][0]);
  return 0;
}
