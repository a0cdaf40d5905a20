// nucc-flags: --openmp
// cc-flags: -std=c11 -fopenmp
/* openmp_loops.c — OpenMP code translated untouched with --openmp (and
 * built with cc -fopenmp for the reference): parallel for with collapse,
 * private scalars at function scope, reduction(+/max/-), lastprivate, a
 * parallel region around `omp for`, an index computed in the body, an
 * inner loop's index declared in the body, a helper taking &a[i], local
 * arrays with initializers, an `atomic` reduction update, schedule and
 * num_threads (no GPU meaning: ignored), and a guarded #ifdef _OPENMP. */
#include <stdio.h>
#include <stdlib.h>

static void addto(float *x, float v) { *x += v; }

int main(void) {
  int n = 200, m = 30, i, j, k, c, last = -1;
  double *a = malloc(sizeof(double) * n * m), *b = malloc(sizeof(double) * n * m);
  float *f = malloc(sizeof(float) * n);
  double s = 0, mx = -1e30, neg = 0;
  float u = 0;
  for (i = 0; i < n * m; i++)
    a[i] = (i * 7) % 19;
  for (i = 0; i < n; i++)
    f[i] = (float)(i % 5);

#pragma omp parallel for collapse(2) private(i, j, c) schedule(static) num_threads(4)
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++) {
      c = j + i * m;
      b[c] = a[c] * 2 + j;
    }

#pragma omp parallel for reduction(+ : s) reduction(max : mx) reduction(- : neg)
  for (i = 0; i < n * m; i++) {
    s += b[i];
    mx = b[i] > mx ? b[i] : mx;
    neg -= b[i] / 2;
  }

#pragma omp parallel
  {
#pragma omp for lastprivate(last) private(k)
    for (i = 0; i < n; i++) {
      int jj;
      double t = 0;
      for (jj = 0; jj < m; jj++)
        t += b[i * m + jj];
      a[i] = t;
      k = i * 2;
      last = k;
    }
  }

  double tot = 0;
#ifdef _OPENMP
#pragma omp parallel for schedule(dynamic, 4)
#endif
  for (i = 0; i < n; i++) {
    float w[3] = {1.f, 2.f};
    addto(&f[i], w[0] + w[1] + w[2]);
  }

  /* private(u): written on one branch only, which the analysis alone
   * cannot prove private; OpenMP's clause says so */
#pragma omp parallel for private(u)
  for (i = 0; i < n; i++) {
    if (f[i] > 2) {
      u = f[i] * 2;
      f[i] = u - 1;
    }
  }

  /* firstprivate: each copy starts from the value before the loop (scale
   * only read, tmp written before it is read) */
  float scale = 1.5f, tmp = 0;
#pragma omp parallel for firstprivate(scale, tmp)
  for (i = 0; i < n; i++) {
    tmp = f[i] * scale;
    f[i] = tmp + scale;
  }

#pragma omp parallel for
  for (i = 0; i < n; i++) {
#pragma omp atomic
    tot += f[i];
  }

  printf("s %.1f mx %.1f neg %.1f a[n-1] %.1f last %d f %.1f tot %.1f\n", s, mx, neg, a[n - 1],
         last, f[n - 1], tot);
  free(a);
  free(b);
  free(f);
  return 0;
}
