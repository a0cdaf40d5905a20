/* negative_step.c — mapped loops that count down: `i--` with `>= 0`,
 * `--i` with `> lo`, `i -= 3`, and a 2-D nest with one loop counting down.
 * Proves the NDRange covers exactly the iterations of a decreasing loop. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 50;
  int *a = calloc((size_t)n, sizeof *a);
  int *b = calloc((size_t)n, sizeof *b);
  int *c = calloc((size_t)n, sizeof *c);
  int(*g)[n] = calloc((size_t)n, sizeof(int[n]));

#pragma nu work(16)
  for (int i = n - 1; i >= 0; i--)
    a[i] = 3 * i + 1;

#pragma nu work(16)
  for (int i = n - 2; i > 4; --i)
    b[i] = a[i] - a[i + 1];

#pragma nu work(8)
  for (int i = n - 1; i >= 2; i -= 3)
    c[i] = i * i;

#pragma nu work(4, 8)
  for (int i = n - 1; i > 0; i -= 2)
    for (int j = 0; j < n; j++)
      g[i][j] = i - j;

  long sa = 0, sb = 0, sc = 0, sg = 0;
  for (int i = 0; i < n; i++) {
    sa += a[i] * (i + 1);
    sb += b[i] * (i + 1);
    sc += c[i] * (i + 1);
    for (int j = 0; j < n; j++)
      sg += g[i][j] * (i + 2 * j + 1);
  }
  printf("n=%d\n", n);
  printf("a: %ld a[0]=%d a[n-1]=%d\n", sa, a[0], a[n - 1]);
  printf("b: %ld b[4]=%d b[5]=%d b[n-2]=%d b[n-1]=%d\n", sb, b[4], b[5], b[n - 2], b[n - 1]);
  printf("c: %ld c[n-1]=%d c[n-2]=%d c[n-4]=%d\n", sc, c[n - 1], c[n - 2], c[n - 4]);
  printf("g: %ld g[n-1][0]=%d g[n-2][0]=%d\n", sg, g[n - 1][0], g[n - 2][0]);
  free(a);
  free(b);
  free(c);
  free(g);
  return 0;
}
