/* while_in_kernel.c — `while` loops with data-dependent trip counts inside
 * kernels: the Collatz step count of each start value, and a
 * bisection for the square root that stops on a tolerance or an iteration
 * cap.  Proves work-items may run different numbers of iterations. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  int *steps = malloc((size_t)n * sizeof *steps);
  float *root = malloc((size_t)n * sizeof *root);

#pragma nu work(64)
  for (int i = 1; i <= n; i++) {
    long v = i;
    int s = 0;
    while (v != 1) {
      v = (v % 2 == 0) ? v / 2 : 3 * v + 1;
      s++;
    }
    steps[i - 1] = s;
  }

#pragma nu work(64)
  for (int i = 0; i < n; i++) {
    float target = 1.0f + (float)i;
    float lo = 0.0f, hi = target;
    int it = 0;
    while (hi - lo > 1e-3f && it < 60) {
      float mid = 0.5f * (lo + hi);
      if (mid * mid > target)
        hi = mid;
      else
        lo = mid;
      it++;
    }
    root[i] = 0.5f * (lo + hi);
  }

  long ss = 0;
  double sr = 0.0;
  int longest = 0;
  for (int i = 0; i < n; i++) {
    ss += steps[i];
    sr += root[i];
    if (steps[i] > steps[longest])
      longest = i;
  }
  printf("n=%d collatz steps %ld longest from %d (%d steps)\n", n, ss, longest + 1, steps[longest]);
  printf("sum of roots %.4e root[0]=%.3f root[n-1]=%.3f\n", sr, root[0], root[n - 1]);
  free(steps), free(root);
  return 0;
}
