// expect: 6:19: error: canonical
/* `!=` is canonical only with a step of +1 or -1: with `i += 2` the loop may
 * never reach n; the caret points at the condition. */
void clear(float *a, int n) {
#pragma nu work(64)
  for (int i = 0; i != n; i += 2)
    a[i] = 0.0f;
}
