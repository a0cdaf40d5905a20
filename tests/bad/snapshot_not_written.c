// expect: 6:30: error: snapshot(a): the nest does not write 'a'
/* A copy of an array the nest only reads would cost a copy and change
 * nothing. */
void copy_rows(int n, float *a, float *b) {
  int i;
#pragma nu work(64) snapshot(a)
  for (i = 0; i < n; i++)
    b[i] = a[i] + a[i + 1];
}
