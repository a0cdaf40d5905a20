// expect: 9:7: error: dependence on 'a': different work-items write the same element
/* a[i * 37 + j] with j < n: for every n > 37 two work-items write one
 * element (i = 0, j = 37 and i = 1, j = 0): a proven dependence. */
void fill(float *a, int n) {
  int i, j;
#pragma nu work(8, 8)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      a[i * 37 + j] = (float)i;
}
