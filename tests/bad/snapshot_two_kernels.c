// expect: 7:40: error: snapshot(x): the nest became 2 kernels, and more than one reads the copy
// 'x_in' expect-note: apply 'snapshot' to a nest that stays one kernel
/* unroll leaves a remainder loop: it would take its own copy, after the
 * main kernel wrote the elements it reads. */
void shift(int n, float *x) {
  int i;
#pragma nu work(64) unroll(2) snapshot(x)
  for (i = 0; i < n - 1; i++)
    x[i] = x[i + 1];
}
