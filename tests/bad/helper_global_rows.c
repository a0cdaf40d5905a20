// expect: 14:5: error: dependence on 'out2': different work-items write the same element through 'out2[i / 2][0]'
// expect-note: iteration i = 0 writes out2[0][0], iteration i = 1 writes it too
/* The rows a helper writes of a file-scope array are accesses at the call,
 * decided exactly: two iterations write one row. */
#define N 300
static double out2[N][2];
static void store(int i, double v) {
  out2[i][0] = v;
  out2[i][1] = -v;
}
void f(double *a) {
#pragma nu work(64)
  for (int i = 0; i < N; i++)
    store(i / 2, a[i]);
}
