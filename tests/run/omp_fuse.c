// nucc-flags: --openmp -Werror=nucc-omp-ignored -Werror=nucc-omp-host
// nucc-kernels: 4
/* omp_fuse.c — OpenMP 6.0's `fuse` under --openmp becomes nucc's `fuse`,
 * checked and applied before the loop directive above it offloads the
 * fused loop: under `parallel for` (two loops), under `target teams
 * distribute parallel for` (three, the third reading what the first two
 * wrote in the same iteration), in the body of the loop a `collapse(2)`
 * maps (as Clang's runtime tests write it: the fused loop is the second
 * collapsed one), inside an offloaded loop's body (a sum), and standalone
 * on host loops.  The trip count, 1001 by default, divides by no
 * work-group size.  -Werror: none may be skipped or left on the host. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1001, m = 37;
  float *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
  float *d = malloc(n * sizeof *d), *e = malloc(n * sizeof *e);
  double *g = malloc((size_t)m * n * sizeof *g), *h = malloc((size_t)m * n * sizeof *h);
  double *rs = malloc(m * sizeof *rs);
  for (int i = 0; i < n; i++)
    a[i] = (float)(i % 17) * 0.5f;

#pragma omp parallel for
#pragma omp fuse
  {
    for (int i = 0; i < n; i++)
      b[i] = a[i] * 2.0f + 1.0f;
    for (int i = 0; i < n; i++)
      c[i] = b[i] - a[i];
  }

#pragma omp target teams distribute parallel for
#pragma omp fuse
  {
    for (int i = 0; i < n; i++)
      d[i] = a[i] + c[i];
    for (int j = 0; j < n; j++)
      e[j] = b[j] * 0.25f;
    for (int i = 0; i < n; i++)
      c[i] = d[i] * e[i] + c[i];
  }

#pragma omp parallel for collapse(2)
  for (int r = 0; r < m; r++)
#pragma omp fuse
  {
    for (int j = 0; j < n; j++)
      g[r * n + j] = r + a[j];
    for (int k = 0; k < n; k++)
      h[r * n + k] = g[r * n + k] * 0.5 + c[k];
  }

#pragma omp parallel for
  for (int r = 0; r < m; r++) {
    double s = 0;
#pragma omp fuse
    {
      for (int j = 0; j < n; j++)
        g[r * n + j] = h[r * n + j] + 1;
      for (int j = 0; j < n; j++)
        s += g[r * n + j] * (j % 3);
    }
    rs[r] = s;
  }

#pragma omp fuse
  {
    for (int i = 0; i < n; i++)
      b[i] = c[i] + 1;
    for (int i = 0; i < n; i++)
      d[i] = b[i] * b[i];
  }

  double t = 0;
  for (int i = 0; i < n; i++)
    t += c[i] + d[i] + e[i];
  printf("c d e: %.6g\n", t);
  t = 0;
  for (int i = 0; i < m * n; i++)
    t += h[i] - g[i] * 0.5;
  printf("g h: %.6g\n", t);
  for (int r = 0; r < m; r += 9)
    printf("rs[%d] = %.6g\n", r, rs[r]);
  printf("c[%d] = %g, d[%d] = %g\n", n - 1, c[n - 1], n / 2, d[n / 2]);
  free(a), free(b), free(c), free(d), free(e), free(g), free(h), free(rs);
  return 0;
}
