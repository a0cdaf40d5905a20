/* kernel_control_flow.c — expressions and statements inside kernels: `?:`,
 * casts between int and float, every compound assignment (+= -= *= /= %=
 * <<= >>= &= |= ^=), ++/-- on locals, && || !, if / else if / else chains,
 * a nested if inside an inner loop, and a block-scoped local shadowing an
 * outer one, a bool local.  Proves the kernel body keeps C semantics. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 250;
  int *k = malloc((size_t)n * sizeof *k);
  float *f = malloc((size_t)n * sizeof *f);
  int *cls = malloc((size_t)n * sizeof *cls);
  for (int i = 0; i < n; i++)
    f[i] = (float)(i % 23) - 11.0f;

#pragma nu work(32)
  for (int i = 0; i < n; i++) {
    int v = i;
    v += 3;
    v *= 5;
    v -= i / 2;
    v /= 2;
    v %= 1000;
    v <<= 2;
    v >>= 1;
    v &= 0x3ff;
    v |= 0x10;
    v ^= i;
    v++;
    --v;
    float x = f[i];
    x = x < 0.0f ? -x : x * 2.0f;
    int t = (int)(x * 1.5f); /* x*1.5 is a multiple of 0.5: truncates exactly */
    bool odd = i & 1;
    if (t > 20 && !odd)
      cls[i] = 3;
    else if (t > 10 || i % 5 == 0)
      cls[i] = 2;
    else if (t == 0)
      cls[i] = 1;
    else
      cls[i] = 0;
    for (int j = 0; j < 4; j++) {
      if (j == i % 4) {
        int v = j * 100; /* shadows the outer v */
        t += v;
      } else {
        t -= j;
      }
    }
    k[i] = v + t;
    f[i] = (float)v * 0.5f + (x > 5.0f ? x : (float)t);
  }

  long sk = 0, sc = 0;
  double sf = 0.0;
  for (int i = 0; i < n; i++) {
    sk += (long)k[i] * (i + 1);
    sc += cls[i] * (i + 1);
    sf += f[i];
  }
  printf("n=%d k %ld cls %ld f %.6e\n", n, sk, sc, sf);
  for (int i = 0; i < 12; i++)
    printf("%d: k=%d cls=%d f=%g\n", i, k[i], cls[i], f[i]);
  free(k), free(f), free(cls);
  return 0;
}
