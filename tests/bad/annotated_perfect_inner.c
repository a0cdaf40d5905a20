// expect: 7:12: error: 'work' on a loop inside an annotated nest
/* The same when the annotated inner loop is perfectly nested, so that it
 * would otherwise be loop 2 of the outer nest. */
void grid(float *a, int n, int m) {
#pragma nu work(16)
  for (int i = 0; i < n; i++)
#pragma nu work(8)
    for (int j = 0; j < m; j++)
      a[i * m + j] = (float)(i + j);
}
