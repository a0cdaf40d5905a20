/* inner_sequential_loops.c — loops inside the kernel body that are not
 * mapped may carry dependences and may depend on the mapped index: a row
 * prefix sum (`r[i][j] += r[i][j-1]` carried by the inner j loop) under
 * work(16) on i, and a triangular inner loop (`j <= i`).  Proves only the
 * mapped loops must be parallel and rectangular. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 60;
  int(*r)[n] = malloc(sizeof(int[n][n]));
  long *tri = malloc((size_t)n * sizeof *tri);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      r[i][j] = (i * 3 + j * 5) % 11 - 5;

#pragma nu work(16)
  for (int i = 0; i < n; i++)
    for (int j = 1; j < n; j++)
      r[i][j] += r[i][j - 1];

#pragma nu work(16)
  for (int i = 0; i < n; i++) {
    long s = 0;
    for (int j = 0; j <= i; j++)
      s += (long)r[j][n - 1] * (i - j + 1);
    tri[i] = s;
  }

  long sr = 0, st = 0;
  for (int i = 0; i < n; i++) {
    st += tri[i];
    for (int j = 0; j < n; j++)
      sr += (long)r[i][j] * (j + 1);
  }
  printf("n=%d prefix %ld triangle %ld\n", n, sr, st);
  printf("r[0][n-1]=%d r[n-1][n-1]=%d tri[0]=%ld tri[n-1]=%ld\n", r[0][n - 1], r[n - 1][n - 1],
         tri[0], tri[n - 1]);
  free(r), free(tri);
  return 0;
}
