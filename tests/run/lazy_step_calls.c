/* lazy_step_calls.c — step() launches kernels and is called 110 times; main
 * and the helpers have no kernels, so nucc leaves them alone, and every 10
 * steps they read and write the arrays.  Also a global, a small array, free
 * then malloc, realloc, fwrite/fread.  With page protection the arrays stay
 * on the device between calls; the host must still see them fresh. */
#include <stdio.h>
#include <stdlib.h>

#define G 60000
float g[G]; /* a global array: its own pages */

static void step(int n, float *u, float *v, float *small, float dt) {
#pragma nu work(64)
  for (int i = 1; i < n - 1; i++)
    v[i] = u[i] + dt * (u[i - 1] - 2.0f * u[i] + u[i + 1]);
#pragma nu work(64)
  for (int i = 1; i < n - 1; i++)
    u[i] = v[i];
#pragma nu work(64)
  for (int i = 0; i < G; i++)
    g[i] = g[i] * 0.5f + 1.0f;
#pragma nu work(64)
  for (int i = 0; i < 100; i++)
    small[i] = small[i] + 1.0f;
}

/* Host helpers: no kernels, so nucc adds nothing to them. */
static double checksum(const float *p, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += p[i] * (double)(i % 5 + 1);
  return s;
}

static void poke(float *p, int at, float by) { p[at] += by; }

/* A kernel, then the library writes and reads the array (nucc syncs
 * before library calls in functions with kernels). */
static int save_and_load(FILE *f, float *u, int n) {
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    u[i] = u[i] + 0.25f;
  rewind(f);
  size_t w = fwrite(u, sizeof *u, (size_t)n, f);
  rewind(f);
  size_t r = fread(u, sizeof *u, (size_t)n, f);
  return w == (size_t)n && r == (size_t)n;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 300000;
  float *u = malloc((size_t)n * sizeof *u), *v = malloc((size_t)n * sizeof *v);
  float *small = malloc(100 * sizeof *small);
  for (int i = 0; i < n; i++)
    u[i] = v[i] = (float)(i % 97) * 0.01f;
  for (int i = 0; i < 100; i++)
    small[i] = (float)i;
  for (int t = 0; t < 100; t++) {
    step(n, u, v, small, 0.1f);
    if (t % 10 == 9) {
      printf("t=%d u %.6e g %.6e small[3] %g\n", t, checksum(u, n), checksum(g, G), small[3]);
      poke(u, (t * 7919) % n, 1.0f);
      poke(g, t, 2.0f);
    }
  }
  free(v); /* then a new block, likely at the same address */
  v = malloc((size_t)n * sizeof *v);
  for (int i = 0; i < n; i++)
    v[i] = -1.0f;
  u = realloc(u, 2 * (size_t)n * sizeof *u);
  for (int i = n; i < 2 * n; i++)
    u[i] = 5.0f;
  for (int t = 0; t < 10; t++)
    step(n, u, v, small, 0.05f);
  printf("after: u %.6e tail %.6e v %.6e g %.6e small[99] %g\n", checksum(u, n), checksum(u + n, n),
         checksum(v, n), checksum(g, G), small[99]);
  FILE *f = tmpfile();
  if (f) {
    int ok = save_and_load(f, u, n);
    printf("file: %s u %.6e\n", ok ? "ok" : "failed", checksum(u, n));
    fclose(f);
  }
  free(u);
  free(v);
  free(small);
  return 0;
}
