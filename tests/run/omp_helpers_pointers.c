/* omp_helpers_pointers.c — OpenMP-style loop bodies that call helpers with
 * pointers and initialise local arrays, their `omp parallel for` swapped
 * for `work`: the address of a buffer's element handed to a helper
 * (&o[i], an out-parameter written through *x), a whole buffer indexed by
 * the helper with its own parameters (randu(seed, i) reads and writes
 * seed[i]), a local array handed to a helper (__private), one helper
 * handed a buffer's element and a local's (two copies of it), and initializer
 * lists with elements left out (C zeroes them, as OpenCL C does). */
#include <stdio.h>
#include <stdlib.h>

#define BS 4
#define N 97

/* the particle filter's generator: seed[index] is the work-item's own */
static float randu(int *seed, int index) {
  /* unsigned: the generator wraps, which int arithmetic must not */
  unsigned num = 1103515245u * (unsigned)seed[index] + 12345u;
  seed[index] = (int)(num % 2147483647u);
  return (float)(seed[index] < 0 ? -seed[index] : seed[index]) / 2147483647.0f;
}

static void addto(float *x, float v) { *x += v; }

static float sum_local(const float *v, int n) {
  float s = 0;
  for (int k = 0; k < n; k++)
    s += v[k];
  return s;
}

/* reads the element the kernel hands it and its right neighbour */
static float pair(const float *p) { return p[0] * 2.0f + p[1]; }

int main(void) {
  float *o = malloc(sizeof(float) * N), *a = malloc(sizeof(float) * (N + 1));
  int *seed = malloc(sizeof(int) * N);
  for (int i = 0; i < N; i++) {
    o[i] = (float)(i % 9);
    seed[i] = i * 7 + 1;
  }
  for (int i = 0; i < N + 1; i++)
    a[i] = (float)(i % 5) - 2.0f;

#pragma nu work(16)
  for (int i = 0; i < N; i++) {
    float sum[BS] = {0.f};
    int w[2][3] = {{1, 2}, {i % 3, 4, 5}};
    float loc[3] = {1, 2, 3};
    for (int k = 0; k < BS; k++)
      sum[k] += a[i] * k;
    addto(&loc[2], 0.5f); /* the same helper with a local: a __private copy of it */
    addto(&o[i], randu(seed, i));
    o[i] += sum_local(loc, 3) + sum[BS - 1] + (float)(w[1][0] * w[0][1] + w[0][2]);
    o[i] += pair(&a[i]);
  }

  double s = 0;
  long sd = 0;
  for (int i = 0; i < N; i++) {
    s += o[i] * (i % 4 + 1);
    sd += seed[i] % 1000;
  }
  printf("o %.4f seeds %ld o[0] %.4f o[N-1] %.4f\n", s, sd, o[0], o[N - 1]);
  free(o);
  free(a);
  free(seed);
  return 0;
}
