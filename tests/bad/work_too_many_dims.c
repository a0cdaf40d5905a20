// expect: 5:19: error: nest
/* work(8,8) asks for 2 mapped loops but the nest is 1 deep: the caret points
 * at the first argument too many. */
void clear(float *a, int n) {
#pragma nu work(8,8)
  for (int i = 0; i < n; i++)
    a[i] = 0.0f;
}
