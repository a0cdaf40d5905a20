// expect: 7:30: error: snapshot(x): every read of 'x' may see a value the nest wrote
// expect-note: iteration i = 1 writes x[1], iteration i = 2 reads it
/* A prefix recurrence: every read sees the previous iteration's write, so
 * no read can come from a copy taken before the loop. */
void prefix(int n, float *x) {
  int i;
#pragma nu work(64) snapshot(x)
  for (i = 1; i < n; i++)
    x[i] = x[i - 1] * 0.5f;
}
