/* pieces.c — work on a nest with a remainder: one kernel per piece. */
void scale(int n, float s, float *a) {
#pragma nu work(64) unroll(2)
  for (int i = 0; i < n; i++)
    a[i] = s * a[i];
}
