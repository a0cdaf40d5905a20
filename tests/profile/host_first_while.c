/* host_first_while.c — NU_HOST_FIRST counts only loops it can bound: the escape loop of this
 * Mandelbrot grid (a while loop, up to 2,000 passes a point) would count as one pass, so the
 * nest does not ask to run on the host; it launches, as a written `work` does.
// profile-env: NU_HOST_FIRST=
// profile: ^[a-z_0-9]+_16 +.*host_first_while.c:16 +1 +[0-9.]+ +[0-9.]+
// profile-absent: ^host first
// profile-absent: no device started
 */
#include <stdio.h>

static int count[64][64];

int main(void) {
  int i, j;
#pragma nu work
  for (i = 0; i < 64; i++)
    for (j = 0; j < 64; j++) {
      double x0 = -2.0 + 2.5 * j / 63, y0 = -1.25 + 2.5 * i / 63, x = 0.0, y = 0.0;
      int k = 0;
      while (k < 200 && x * x + y * y <= 4.0) {
        double t = x * x - y * y + x0;
        y = 2.0 * x * y + y0;
        x = t;
        k++;
      }
      count[i][j] = k;
    }
  long sum = 0;
  for (i = 0; i < 64; i++)
    for (j = 0; j < 64; j++)
      sum = sum * 31 % 1000000007 + count[i][j];
  printf("hash %ld\n", sum);
  return 0;
}
