/* math_functions.c — C math library calls inside kernels, mapped to OpenCL
 * built-ins: sqrtf, expf, logf, fabsf, fminf, fmaxf, powf, sinf, cosf,
 * floorf, tanhf, and double sqrt, exp, fabs, fmin, pow, atan2.  Arguments
 * stay in well-conditioned ranges so the results agree to 1e-4. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 500;
  float *x = malloc((size_t)n * sizeof *x);
  float *r = malloc((size_t)n * 4 * sizeof *r);
  double *d = malloc((size_t)n * 2 * sizeof *d);
  for (int i = 0; i < n; i++)
    x[i] = 0.1f + (float)(i % 50) * 0.04f; /* 0.1 .. 2.06 */

#pragma nu work(64)
  for (int i = 0; i < n; i++) {
    float v = x[i];
    r[4 * i] = sqrtf(v) + expf(-v) + logf(1.0f + v);
    r[4 * i + 1] = fabsf(v - 1.0f) + fminf(v, 1.0f) + fmaxf(v, 1.5f);
    r[4 * i + 2] = powf(v, 2.5f) + sinf(v) * cosf(v) + tanhf(v);
    r[4 * i + 3] = floorf(v * 3.0f) + 0.5f;
    double w = (double)v;
    d[2 * i] = sqrt(w) * exp(w / 4.0) + fabs(w - 2.0) + fmin(w, 0.7);
    d[2 * i + 1] = pow(w, 0.75) + atan2(w, 1.0 + w);
  }

  double s[4] = {0, 0, 0, 0}, sd[2] = {0, 0};
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 4; k++)
      s[k] += r[4 * i + k];
    for (int k = 0; k < 2; k++)
      sd[k] += d[2 * i + k];
  }
  printf("n=%d\n", n);
  printf("float sums %.6e %.6e %.6e %.6e\n", s[0], s[1], s[2], s[3]);
  printf("double sums %.9e %.9e\n", sd[0], sd[1]);
  for (int i = 0; i < 50; i += 12)
    printf("x=%.2f: %.6f %.6f %.6f %.1f %.9f %.9f\n", x[i], r[4 * i], r[4 * i + 1], r[4 * i + 2],
           r[4 * i + 3], d[2 * i], d[2 * i + 1]);
  free(x), free(r), free(d);
  return 0;
}
