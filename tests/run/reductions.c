/* reductions.c — scalars combined by every iteration: sum (into a value
 * the variable already had), min through fminf, max through `if (e > v)
 * v = e`, a counter under an if, a bitwise or, in a 1-D nest (grid-stride
 * kernel) and in a 2-D nest with reduce(...) clauses, `?:` max and a
 * `continue`. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 100003;
  float *a = malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    a[i] = (float)((i * 37) % 101) / 10.0f - 5.0f;
  double sum = 1.0;
  float mn = 1e30f, mx = -1e30f;
  int cnt = 0;
  long bits = 0;
#pragma nu work(256)
  for (int i = 0; i < n; i++) {
    sum += a[i];
    mn = fminf(mn, a[i]);
    if (a[i] > mx)
      mx = a[i];
    if (a[i] > 0)
      cnt++;
    bits |= 1L << (i % 40);
  }
  printf("sum=%.6f min=%g max=%g cnt=%d bits=%ld\n", sum, mn, mx, cnt, bits);
  float(*m)[300] = malloc(sizeof(float[200][300]));
  for (int i = 0; i < 200; i++)
    for (int j = 0; j < 300; j++)
      m[i][j] = (float)(i - j) / 100.0f;
  float best = -1e30f;
  double total = 0;
#pragma nu work(8, 32) reduce(max : best) reduce(+ : total)
  for (int i = 0; i < 200; i++)
    for (int j = 0; j < 300; j++) {
      if (i == j)
        continue;
      best = m[i][j] > best ? m[i][j] : best;
      total += m[i][j] * m[i][j];
    }
  printf("best=%g total=%.6f\n", best, total);
  free(a);
  free(m);
  return 0;
}
