// expect: 14:10: error: 'x' is handed to 'bump' as rows ('double(*)[8]'): nucc follows rows of a private array into a helper, not a buffer's
/* A helper's parameter that points to rows (T x[][N]) may be handed a
 * private array of the loop; handed a buffer, its p[j][i] would be placed
 * as an element of the row p[j], so it is refused rather than analysed
 * wrong. */
#define N 8
static void bump(double a[][N], int r) {
  for (int j = 0; j < N; j++)
    a[r][j] += 1;
}
void f(double (*x)[N], int m) {
#pragma nu work(64)
  for (int i = 0; i < m; i++)
    bump(x, i);
}
