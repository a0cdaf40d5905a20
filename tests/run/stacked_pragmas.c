/* stacked_pragmas.c — annotation syntax: several `#pragma nu` lines stacked
 * above one loop, blank lines and comments between the pragmas and the
 * `for`, clauses in either order, extra spaces inside the parentheses, and
 * work-group sizes given as integer expressions (`work(2 * 8, BS)`, a
 * variable).  Proves the annotations are found and parsed as written. */
#include <stdio.h>
#include <stdlib.h>

#define BS 4

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 50;
  int wg = argc > 2 ? atoi(argv[2]) : 32;
  float *a = malloc((size_t)n * sizeof *a);
  float *b = malloc((size_t)n * sizeof *b);
  float(*g)[n] = malloc(sizeof(float[n][n]));
  int *idx = malloc((size_t)n * sizeof *idx);
  for (int i = 0; i < n; i++) {
    a[i] = (float)(i % 7);
    idx[i] = n - 1 - i;
  }

  // The spacing of these annotations is part of the test: keep it as written.
  // clang-format off
#pragma nu size(a: n)
#pragma nu work( wg )

  /* a comment between the annotation and its loop */
  for (int i = 0; i < n; i++)
    b[i] = a[idx[i]] * 3.0f;

#pragma nu work(2 * 8, BS)
  // a line comment
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      g[i][j] = b[i] - b[j];

#pragma   nu   size( a : n )   work( 64 )
  for (int i = 0; i < n; i++)
    b[i] = b[i] + a[idx[n - 1 - i]];
  // clang-format on

  double sg = 0.0, sb = 0.0;
  for (int i = 0; i < n; i++) {
    sb += b[i] * (i + 1);
    for (int j = 0; j < n; j++)
      sg += g[i][j] * (i + 1) * (j % 3 + 1);
  }
  printf("n=%d wg=%d b %.6e g %.6e\n", n, wg, sb, sg);
  printf("b[0]=%g b[n-1]=%g g[1][2]=%g\n", b[0], b[n - 1], g[1][2]);
  free(a), free(b), free(g), free(idx);
  return 0;
}
