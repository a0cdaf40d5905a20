/* lazy_reduction.c — a reduction's result read lazily (issue 11): the
 * host folds each launch's result into the variable only where host code
 * names it.  A time loop that reads the sum only after the loop (the
 * launches combine on the device), one that reads it every step, one that
 * overwrites it every step (Himeno's `gosa = 0`), a loop whose condition
 * reads it, a second kernel reducing into the same variable, a kernel
 * reading it as a scalar, and a recursive function whose pending result
 * must survive the inner call's launch of the same kernel. */
#include <stdio.h>
#include <stdlib.h>

static double sum_levels(const double *a, int n, int depth) {
  double s = 0;
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    s += a[i] * depth;
  /* the inner call launches the same kernel while s waits for its fold */
  double inner = depth > 1 ? sum_levels(a, n, depth - 1) : 0;
  return s + inner;
}

static long count_steps(const int *v, int n, int steps) {
  long c = 0;
  for (int t = 0; t < steps; t++) {
#pragma nu work(128)
    for (int i = 0; i < n; i++)
      c += v[i] > t;
  }
  return c; /* read at the return only */
}

int main(void) {
  int n = 20000, steps = 30;
  double *a = malloc(sizeof(double) * n);
  int *v = malloc(sizeof(int) * n);
  for (int i = 0; i < n; i++) {
    a[i] = (double)((i * 7) % 13) / 4.0;
    v[i] = (i * 31) % 40;
  }
  /* read only after the loop */
  double sum = 0;
  float hi = -1e30f;
  for (int t = 0; t < steps; t++) {
#pragma nu work(128)
    for (int i = 0; i < n; i++) {
      sum += a[i] * (t + 1);
      hi = hi > (float)a[i] + t ? hi : (float)a[i] + t;
    }
  }
  printf("after the loop: sum=%.4f hi=%.2f\n", sum, hi);
  /* read every step */
  double every = 0, trace = 0;
  for (int t = 0; t < 8; t++) {
#pragma nu work(64)
    for (int i = 0; i < n; i++)
      every += a[i] - t * 0.01;
    trace = trace * 0.5 + every;
  }
  printf("every step: every=%.4f trace=%.4f\n", every, trace);
  /* overwritten every step, as Himeno's gosa */
  double gosa = 0.0;
  for (int t = 0; t < steps; t++) {
    gosa = 0.0;
#pragma nu work(64)
    for (int i = 0; i < n; i++)
      gosa += a[i] * a[i] * (t % 3);
  }
  printf("overwritten: gosa=%.4f\n", gosa);
  /* the loop's condition reads it */
  double e = 0;
  int rounds = 0;
  while (e < 50000.0) {
#pragma nu work(64)
    for (int i = 0; i < n; i++)
      e += a[i];
    rounds++;
  }
  printf("condition: e=%.4f rounds=%d\n", e, rounds);
  /* two kernels reduce into one variable, then a kernel reads it */
  double both = 1;
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    both += a[i];
#pragma nu work(32)
  for (int i = 0; i < n / 2; i++)
    both += 2 * a[i];
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    a[i] = a[i] + both * 1e-6;
  printf("two kernels: both=%.4f a[7]=%.6f\n", both, a[7]);
  printf("recursive: %.4f\n", sum_levels(a, n, 4));
  printf("return: %ld\n", count_steps(v, n, 12));
  free(a);
  free(v);
  return 0;
}
