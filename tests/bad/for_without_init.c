// expect: 7:3: error: canonical
/* A mapped `for` without its initialisation clause (the index is declared
 * before the loop): not canonical; the caret points at `for`. */
void clear(float *a, int n) {
  int i = 0;
#pragma nu work(64)
  for (; i < n; i++)
    a[i] = 0.0f;
}
