/* private_temporaries.c — C89-style temporaries declared at the top of the
 * function that every iteration writes before it reads: private to each
 * work-item, with the last iteration's value after the nest (SPEC §4).
 * Temporaries used only inside an inner loop, a temporary next to a
 * reduction, a `continue` after the write, and the pieces that tilem and
 * dmine leave (the last piece that runs holds the last iteration), and a
 * temporary the function never names after the nest (nothing copied out). */
#include <stdio.h>
#include <stdlib.h>

#define N 45
#define M 23

static double g[N][M];

/* t is named only in the nest: each work-item's copy is all there is, no
 * value is copied out, and `continue` may come before the write */
static void clip(const double *a, double *c, int n) {
  int i;
  double t;
#pragma nu work(16)
  for (i = 0; i < n; i++) {
    if (a[i] < 0)
      continue;
    t = a[i] * 2;
    c[i] = t;
  }
}

/* a register temporary has no address: its last value comes back through a
 * temporary of the call site */
static double last_square(const double *a, double *c, int n) {
  register int i;
  register double w = -1;
#pragma nu work(8)
  for (i = 0; i < n; i++) {
    w = a[i] * a[i];
    c[i] = w + i;
  }
  return w;
}

int main(void) {
  int i, j, k;
  double w, t, s;
  float f;
  int flag;
  double *a, *b, *c;
  a = malloc(sizeof(double) * N * M);
  b = malloc(sizeof(double) * N * M);
  c = malloc(sizeof(double) * N);
  for (i = 0; i < N * M; i++)
    a[i] = (i % 17) * 0.25 - 1.5;

  /* a 2-D nest: w written first, then read; its last value is printed */
  w = -7;
#pragma nu work(8, 8)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      w = a[i * M + j] * 2;
      if (w > 0)
        w = w + 1;
      else
        w = -w;
      b[i * M + j] = w * w;
    }
  printf("w=%g b=%g %g\n", w, b[5], b[N * M - 1]);

  /* t lives only inside the inner loop; k is that loop's index */
#pragma nu work(16)
  for (i = 0; i < N; i++) {
    double acc = 0;
    for (k = 0; k < M; k++) {
      t = a[i * M + k] + 1;
      acc += t * t;
    }
    c[i] = acc;
  }
  printf("t=%g k=%d c=%g %g\n", t, k, c[0], c[N - 1]);

  /* a temporary beside a reduction; `continue` after the write */
  s = 0;
#pragma nu work(32)
  for (i = 0; i < N * M; i++) {
    f = (float)a[i];
    flag = f < 0;
    if (flag)
      continue;
    s += f * 2;
  }
  printf("s=%g f=%g flag=%d\n", s, f, flag);

  /* `continue` after the write in a kernel without reduction */
#pragma nu work(16)
  for (i = 0; i < N; i++) {
    w = a[i * M + 3];
    if (w < 0)
      continue;
    c[i] = w + 0.5;
  }
  printf("w=%g c=%g\n", w, c[N - 2]);

  /* tilem: full tiles in the main kernel, the rest in a remainder kernel */
#pragma nu work(4) tilem(8)
  for (i = 0; i < N; i++) {
    w = a[i] - 1;
    t = w * 3;
    c[i] = t + w;
  }
  printf("tilem w=%g t=%g c=%g\n", w, t, c[N - 1]);

  /* dmine: each copy gets its own w; the last copy's leaves the iteration */
#pragma nu work(4) dmine(4)
  for (i = 0; i < N; i++) {
    w = a[i + M] * 0.5;
    c[i] = w * w;
  }
  printf("dmine w=%g c=%g %g\n", w, c[0], c[N - 1]);

  /* dmine over one loop of two: the j remainder runs last and holds the
   * last iteration */
#pragma nu work(4, 4) dmine(1, 2)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      w = a[i * M + j] + i;
      g[i][j] = w - j;
    }
  printf("dmine2 w=%g g=%g %g\n", w, g[0][1], g[N - 1][M - 1]);

  /* j is written once, from the mapped index: the dependence test reads
   * c[j] as c[i + 3] */
#pragma nu work(16)
  for (i = 0; i < N - 3; i++) {
    j = i + 3;
    c[j] = a[i] * 2;
  }
  printf("once j=%d c=%g %g\n", j, c[3], c[N - 1]);

  for (i = 0; i < N; i++)
    c[i] = -1;
  clip(a, c, N);
  printf("clip c=%g %g %g\n", c[0], c[6], c[N - 1]);

  printf("register w=%g c=%g\n", last_square(a, c, N), c[N - 1]);
  printf("register none w=%g\n", last_square(a, c, 0));

  /* no iteration: w keeps its value */
  w = 42;
#pragma nu work(8)
  for (i = N; i < N - 1; i++) {
    w = a[i];
    c[i] = w;
  }
  printf("empty w=%g\n", w);
  free(a);
  free(b);
  free(c);
  return 0;
}
