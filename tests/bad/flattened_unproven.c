// expect: 9:7: error: possible dependence on 'a'
/* a[i * 37 + j] with j < n: when n > 37 two work-items write one element,
 * so the write cannot be proven independent. */
void fill(float *a, int n) {
  int i, j;
#pragma nu work(8, 8)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      a[i * 37 + j] = (float)i;
}
