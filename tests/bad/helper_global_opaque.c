// expect: 10:10: error: possible dependence on 'tab' between work-items: the loop writes it, and nucc cannot tell which element 'tab[k]' in a helper reads
/* A helper may read a file-scope table at an index it computes (k), which
 * nucc cannot name: right only while the loop writes no element of it. */
#define N 64
static double tab[N];

static double f(double x) {
  int k = (int)x & (N - 1);
  k = k * 3 % N;
  return tab[k];
}

void g(double *a) {
#pragma nu work(32)
  for (int i = 0; i < N; i++) {
    a[i] = f(a[i]);
    tab[i] = a[i];
  }
}
