// expect: 6:19: error: canonical
/* The loop condition is not `i REL bound`: the trip count is not known
 * before the loop runs; the caret points at the condition. */
void clear(float *a, int n) {
#pragma nu work(64)
  for (int i = 0; i * i < n; i++)
    a[i] = 0.0f;
}
