// expect: 14:20: error: 'a[r]': a helper handed a buffer as rows ('a') may use only its elements, 'a' with 2 subscripts
/* A helper's parameter that points to rows (double a[][N]) handed a
 * buffer: nucc places its elements a[j][i] at the call; a row a[r] handed
 * on as a pointer is refused rather than followed wrong. */
#define N 8
static double sum(double *r) {
  double s = 0;
  for (int j = 0; j < N; j++)
    s += r[j];
  return s;
}
static void bump(double a[][N], int r) {
  for (int j = 0; j < N; j++)
    a[r][j] += sum(a[r]);
}
void f(double (*x)[N], int m) {
#pragma nu work(64)
  for (int i = 0; i < m; i++)
    bump(x, i);
}
