// nucc-flags: --openmp
/* Escape counts of a Mandelbrot grid, as the corpus's mandelbrot.c computes
 * them: chaotic near the set's edge, so a fused multiply-add in the kernel
 * changes some counts.  Under --openmp the kernels round as the sequential
 * build does (-ffp-contract=off by default), and the counts agree. */
#include <stdio.h>

#define W 500
#define H 500
#define ITERS 2000

static int count[H][W];

int main(void) {
  int i, j;
#pragma omp parallel for private(j)
  for (i = 0; i < H; i++)
    for (j = 0; j < W; j++) {
      double x0 = -2.0 + 2.5 * j / (W - 1), y0 = -1.25 + 2.5 * i / (H - 1);
      double x = 0.0, y = 0.0;
      int k = 0;
      while (k < ITERS && x * x + y * y <= 4.0) {
        double t = x * x - y * y + x0;
        y = 2.0 * x * y + y0;
        x = t;
        k++;
      }
      count[i][j] = k;
    }
  long sum = 0;
  for (i = 0; i < H; i++)
    for (j = 0; j < W; j++)
      sum = sum * 31 % 1000000007 + count[i][j];
  printf("hash %ld\n", sum);
  for (i = 0; i < H; i += 50) {
    for (j = 0; j < W; j += 50)
      printf(" %4d", count[i][j]);
    printf("\n");
  }
  return 0;
}
