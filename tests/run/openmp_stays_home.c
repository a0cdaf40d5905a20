// nucc-flags: --openmp
// cc-flags: -std=c11 -fopenmp
// nucc-kernels: 4
/* openmp_stays_home.c — under --openmp, a loop nucc cannot offload stays on
 * the host as written (its `omp` pragma kept, with a warning) and the
 * others become kernels: the time step of a program mixes them, as most
 * OpenMP codes do (SPEC §6).  Each loop that stays has one reason: a call
 * to a function of the C library (qsort, atof), a write to an array of
 * structs with a pointer member (the device cannot hold it; structs of
 * numbers are kernels).  A subscript nucc cannot bound no longer keeps a
 * loop home: the runtime knows the heap block behind the pointer.  The
 * region whose loops all stay
 * keeps its pragma, so -fopenmp runs it on the host's threads (the count
 * it takes is the same in every build); the region that mixes a kernel
 * and a loop that stays is dropped.  A loop that stays stays whole, with
 * the OpenMP loop inside it.  Host and kernels hand the arrays to each
 * other between the loops. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 96
#define W 8

typedef struct {
  double x, y;
  const char *label; /* a host pointer: no device layout */
} Point;

static int cmp_int(const void *p, const void *q) {
  int a = *(const int *)p, b = *(const int *)q;
  return (a > b) - (a < b);
}

int main(void) {
  static int rows[N * W];
  static double a[N], b[N], c[N];
  static char text[N][16];
  static int idx[N];
  static Point pts[N];
  double *table = malloc(2 * N * sizeof *table);
  for (int i = 0; i < 2 * N; i++)
    table[i] = 0.25 * i;
  for (int i = 0; i < N; i++) {
    idx[i] = (i * 37) % (2 * N);
    snprintf(text[i], sizeof text[i], "%d.5", i % 11);
  }

  for (int step = 0; step < 3; step++) {
    /* a kernel */
#pragma omp parallel for
    for (int i = 0; i < N * W; i++)
      rows[i] = (i * 7919 + step * 31) % 1000;

      /* stays: qsort is a function of another file; the OpenMP loop inside
       * stays with it (a kernel there would be launched by every thread) */
#pragma omp parallel for
    for (int r = 0; r < N; r++) {
#pragma omp parallel for
      for (int j = 0; j < W; j++)
        rows[r * W + j] += j % 3;
      qsort(&rows[r * W], W, sizeof(int), cmp_int);
    }

    /* a kernel that reads what the host sorted */
#pragma omp parallel for
    for (int r = 0; r < N; r++)
      a[r] = rows[r * W] + 0.5 * rows[r * W + W - 1];

    /* a region of a loop that stays (atof) and a kernel: the region goes */
    int threads = 0;
#pragma omp parallel
    {
#pragma omp single
      threads = 1;
#pragma omp for
      for (int i = 0; i < N; i++)
        b[i] = atof(text[i]) + a[i]; /* atof: another file's */
    }

    /* a kernel: table[idx[i]] has no bound nucc can compute, and its extent
     * is the heap block table points into, found at the launch */
#pragma omp parallel for
    for (int i = 0; i < N; i++)
      c[i] = table[idx[i]] * b[i];

    /* a region that mixes a kernel and a loop that stays: the region goes,
     * and the loop's `omp for` with it (orphaned, its reduction on a local
     * would not compile) */
    double total = 0;
#pragma omp parallel
    {
#pragma omp for
      for (int i = 0; i < N; i++)
        a[i] = a[i] * 0.5 + c[i];
#pragma omp for reduction(+ : total)
      for (int i = 0; i < N; i++) {
        pts[i].x = a[i]; /* a struct with a pointer member written */
        pts[i].y = b[i] - step;
        total += pts[i].y;
      }
    }
    printf("step %d: threads %d, total %.3f\n", step, threads, total);
  }
  double sa = 0, sb = 0, sc = 0, sp = 0;
  for (int i = 0; i < N; i++) {
    sa += a[i] * (i + 1);
    sb += b[i];
    sc += c[i];
    sp += pts[i].x - pts[i].y * (i % 3);
  }
  printf("%.6f %.6f %.6f %.6f %d %d\n", sa, sb, sc, sp, rows[5], rows[N * W - 1]);
  free(table);
  return 0;
}
