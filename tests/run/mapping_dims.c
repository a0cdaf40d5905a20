/* mapping_dims.c — 1-D, 2-D and 3-D NDRanges (work(64), work(8,8),
 * work(4,4,4)) and partial mappings: work(8) on a 2-deep nest (the inner loop
 * runs inside each work-item) and work(4,8) on a 3-deep nest.  Proves loops
 * 1..k are mapped and deeper loops stay sequential in the kernel. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 21;
  float *v = malloc((size_t)n * n * n * sizeof *v);
  float(*p)[n] = malloc(sizeof(float[n][n]));
  float(*q)[n][n] = malloc(sizeof(float[n][n][n]));
  float(*r)[n] = malloc(sizeof(float[n][n]));
  float(*s)[n][n] = malloc(sizeof(float[n][n][n]));

#pragma nu work(64)
  for (int i = 0; i < n * n * n; i++)
    v[i] = (float)(i % 13) * 0.25f;

#pragma nu work(8, 8)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      p[i][j] = v[i * n + j] + (float)i;

#pragma nu work(4, 4, 4)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        q[i][j][k] = v[(i * n + j) * n + k] * p[j][k];

#pragma nu work(8)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      r[i][j] = p[j][i] - q[i][j][j];

#pragma nu work(4, 8)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        s[i][j][k] = q[k][j][i] + r[i][j];

  double sp = 0, sq = 0, sr = 0, ss = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      sp += p[i][j] * (1.0 + i);
      sr += r[i][j] * (1.0 + j);
      for (int k = 0; k < n; k++) {
        sq += q[i][j][k] * (1.0 + k);
        ss += s[i][j][k] * (1.0 + i + j);
      }
    }
  printf("n=%d\n", n);
  printf("p %.6e q %.6e r %.6e s %.6e\n", sp, sq, sr, ss);
  printf("q[1][2][3]=%g r[3][4]=%g s[n-1][n-2][n-3]=%g\n", q[1][2][3], r[3][4],
         s[n - 1][n - 2][n - 3]);
  free(v), free(p), free(q), free(r), free(s);
  return 0;
}
