// expect: 5:12: error: argument
/* `work` without its work-group sizes: a wrong argument count; the caret
 * points at the annotation name. */
void clear(float *a, int n) {
#pragma nu work
  for (int i = 0; i < n; i++)
    a[i] = 0.0f;
}
