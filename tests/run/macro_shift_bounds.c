/* Issue 32's program: macros whose values are expressions of other macros
 * (N is `1 << 10`, M is `N / 4 + 3`) bound a dmine'd nest and appear in its
 * right-hand side.  --emit=seq once printed every literal of an expansion
 * as the macro's name: `i < (N << N) / 2 * 2`, `j < (M << M) / M + M` and
 * `(N << N) - ...`, a program that ran no iteration and printed 0 at exit
 * status 0.  The remainder of dmine(2, 1) is empty here (N is even) and
 * the second nest's is not (N + 1 rows). */
#include <stdio.h>

#define N (1 << 10)
#define M (N / 4 + 3)
#define SCALE 0.5f

static float a[N + 1][M];

int main(void) {
#pragma nu work(16, 16) dmine(2, 1)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      a[i][j] = SCALE * (float)(i - j) + (N - M);
#pragma nu work(8) dmine(2)
  for (int j = 0; j < N + 1; j++)
    a[j][M - 1] += (float)(j % (M - N / 4));
  double s = 0;
  for (int i = 0; i < N + 1; i++)
    for (int j = 0; j < M; j++)
      s += a[i][j];
  printf("%.6e %g %g %g\n", s, a[0][0], a[N - 1][M - 1], a[N][M - 1]);
  return 0;
}
