// expect: 8:5: error: loop-carried dependence on 'a'
/* `independent` overrides an undecided case, never a proven one: a[i]
 * depends on a[i - 1] written by the previous work-item. */
void prefix(float *a, int n) {
#pragma nu work(64) independent
  for (int i = 1; i < n; i++)
    // a comment line keeps the columns of this test stable
    a[i] = a[i - 1] + 1.0f;
}
