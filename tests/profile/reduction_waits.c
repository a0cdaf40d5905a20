/* reduction_waits.c — a time loop with a reduction in each step does not wait for each step's
 * result (issue 11): the sum read once after 100 launches comes back once; gosa, overwritten
 * before each launch (Himeno's `gosa = 0`), leaves its groups' partials from the second launch
 * on: 64 values come back at the read, its block at printf; the sum read every step, every step.
// profile: ^nu_main_22 +.*reduction_waits.c:22 +100
// profile: ^sum \(result\) .* +8 +1 +8 +[0-9.]+ +1 +8 +[0-9.]+$
// profile: ^gosa \(result\) .* +8 +1 +8 +[0-9.]+ +2 +520 +[0-9.]+$
// profile: ^each \(result\) .* +8 +1 +8 +[0-9.]+ +10 +80 +[0-9.]+$
// profile: ^nu_main_28: 9 of 10 launches left their groups' partials to the host
 */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 4096;
  double *a = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++)
    a[i] = (double)(i % 10) * 0.5;
  double sum = 0, gosa = 0, each = 0, trace = 0;
  for (int t = 0; t < 100; t++) {
#pragma nu work(64)
    for (int i = 0; i < n; i++)
      sum += a[i] * t;
  }
  for (int t = 0; t < 10; t++) {
    gosa = 0.0;
#pragma nu work(64)
    for (int i = 0; i < n; i++)
      gosa += a[i] * a[i] + t;
  }
  for (int t = 0; t < 10; t++) {
#pragma nu work(64)
    for (int i = 0; i < n; i++)
      each += a[i];
    trace += each;
  }
  printf("sum=%.2f gosa=%.2f each=%.2f trace=%.2f\n", sum, gosa, each, trace);
  free(a);
  return 0;
}
