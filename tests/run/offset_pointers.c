/* offset_pointers.c — kernels on pointers into the middle of a host array
 * (`a + off`, `&a[off]`, a row `m[3]` of a 2-D array) mixed with kernels on
 * the whole array.  Proves the runtime maps overlapping host ranges onto one
 * device copy and keeps their states consistent. */
#include <stdio.h>
#include <stdlib.h>

static void fill(float *p, int len, float v) {
#pragma nu work(32)
  for (int i = 0; i < len; i++)
    p[i] = v + (float)i;
}

static void add_into(float *dst, const float *src, int len) {
#pragma nu work(32)
  for (int i = 0; i < len; i++)
    dst[i] += src[i];
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 400;
  int off = n / 4;
  float *a = malloc((size_t)n * sizeof *a);
  float(*m)[16] = malloc(sizeof(float[8][16]));
  fill(a, n, 0.0f);              /* whole array */
  fill(a + off, n / 2, 1000.0f); /* the middle half */
  a[off] = -1.0f;                /* host write inside the middle */
  add_into(&a[n - 10], a, 10);   /* tail += head: two ranges of one array */
  for (int r = 0; r < 8; r++)
    fill(m[r], 16, (float)(100 * r));
  add_into(m[3], m[5], 16);  /* row 3 += row 5 */
  fill(&m[6][4], 8, -50.0f); /* part of a row */

  double sa = 0.0, sm = 0.0;
  for (int i = 0; i < n; i++)
    sa += a[i] * (i % 6 + 1);
  for (int r = 0; r < 8; r++)
    for (int c = 0; c < 16; c++)
      sm += m[r][c] * (c + 1);
  printf("n=%d off=%d a %.6e m %.6e\n", n, off, sa, sm);
  printf("a[0]=%g a[off]=%g a[off+1]=%g a[n-1]=%g m[3][2]=%g m[6][5]=%g\n", a[0], a[off],
         a[off + 1], a[n - 1], m[3][2], m[6][5]);
  free(a);
  free(m);
  return 0;
}
