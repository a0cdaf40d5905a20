// expect: 6:21: error: fission: distributing the loop would reverse a dependence
/* The second piece writes b[i], which the first reads at i + 1: in
 * pieces, the first would read b before the second wrote it. */
void f(int n, float *a, float *b, float *c) {
  int i;
#pragma nu work(64) fission(2, 1)
  for (i = 1; i < n; i++) {
    a[i] = b[i - 1] * 2.0f;
    c[i] = 1.0f;
    b[i] = c[i] + 1.0f;
  }
}
