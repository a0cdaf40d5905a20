/* Function-like index macros (IDX(i, j), AT(p, i, j)) over macros of
 * macros (W is H + 2, H is ROWS) in the subscripts and right-hand side of
 * a tiled nest, and in its bounds (W - 1).  --emit=seq prints the
 * expansions: each literal of one once printed as the name of the macro
 * it came through (issue 32), and the program read the wrong elements. */
#include <stdio.h>

#define ROWS 37
#define H ROWS
#define W (H + 2)
#define IDX(i, j) ((i)*W + (j))
#define AT(p, i, j) p[IDX(i, j)]
#define TWICE(x) (2 * (x))

static double a[H * W], b[H * W];

int main(void) {
  for (int k = 0; k < H * W; k++)
    a[k] = (k % 11) * 0.25 - 1;
#pragma nu work(8, 8) tilem(4, 8)
  for (int i = 1; i < H - 1; i++)
    for (int j = 1; j < W - 1; j++)
      AT(b, i, j) = a[IDX(i - 1, j)] + a[IDX(i + 1, j)] + TWICE(a[IDX(i, j)]) - a[IDX(i, j - 1)];
  double s = 0;
  for (int k = 0; k < H * W; k++)
    s += b[k] * (k % 7 + 1);
  printf("%.6f %.6f %.6f\n", s, b[IDX(1, 1)], b[IDX(H - 2, W - 2)]);
  return 0;
}
