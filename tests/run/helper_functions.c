/* helper_functions.c — kernels calling functions defined in this file, which
 * call further functions: `smoothstep` calls `clampf`, `hash` mixes unsigned
 * arithmetic, `poly` takes a double.  Proves the callees (and their callees)
 * are emitted into the OpenCL program and behave as on the host. */
#include <stdio.h>
#include <stdlib.h>

static float clampf(float x, float lo, float hi) { return x < lo ? lo : (x > hi ? hi : x); }

static float smoothstep(float e0, float e1, float x) {
  float t = clampf((x - e0) / (e1 - e0), 0.0f, 1.0f);
  return t * t * (3.0f - 2.0f * t);
}

static unsigned hash(unsigned x) {
  x ^= x >> 16;
  x *= 0x45d9f3bu;
  x ^= x >> 16;
  return x;
}

static int bucket(int i, int nb) { return (int)(hash((unsigned)i) % (unsigned)nb); }

static double poly(double x) { return 1.0 + x * (0.5 + x * (0.25 + x * 0.125)); }

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 300;
  float *x = malloc((size_t)n * sizeof *x);
  float *s = malloc((size_t)n * sizeof *s);
  int *bk = malloc((size_t)n * sizeof *bk);
  double *p = malloc((size_t)n * sizeof *p);
  for (int i = 0; i < n; i++)
    x[i] = (float)(i % 40) * 0.05f - 0.5f;

#pragma nu work(32)
  for (int i = 0; i < n; i++) {
    s[i] = smoothstep(0.0f, 1.0f, x[i]) + clampf(x[i], -0.25f, 0.25f);
    bk[i] = bucket(i, 17);
    p[i] = poly((double)x[i]);
  }

  double ss = 0.0, sp = 0.0;
  long sb = 0;
  for (int i = 0; i < n; i++) {
    ss += s[i];
    sp += p[i];
    sb += (long)bk[i] * (i + 1);
  }
  printf("n=%d\n", n);
  printf("s %.6e p %.6e buckets %ld\n", ss, sp, sb);
  for (int i = 0; i < 40; i += 7)
    printf("i=%d s=%.6f bucket=%d p=%.6f\n", i, s[i], bk[i], p[i]);
  free(x), free(s), free(bk), free(p);
  return 0;
}
