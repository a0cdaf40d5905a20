/* peel.c — peel(1,1): the first and the last iteration in loops of their
 * own, around the middle part, which is the main part. */
void diff(int n, const float *a, float *d) {
#pragma nu peel(1,1)
  for (int i = 0; i < n; i++)
    d[i] = a[i < n - 1 ? i + 1 : i] - a[i > 0 ? i - 1 : i];
}
