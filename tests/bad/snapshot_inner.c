// expect: 8:12: error: 'snapshot' on a loop inside an annotated nest
/* The copy is taken before a kernel starts: a loop inside the kernel has
 * no such moment. */
void rows(int m, int n, float (*a)[64]) {
  int i, j;
#pragma nu work(16)
  for (i = 0; i < m; i++)
#pragma nu snapshot(a)
    for (j = 0; j < n - 1; j++)
      a[i][j] = a[i][j + 1];
}
