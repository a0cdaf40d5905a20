/* seq_signs.c — nests whose --emit=seq text drops the max(t, 0) of trip
 * counts and names split points (tidy.c); seq_signs.sh runs it before and
 * after translation at every size from -3 to 19, negative sizes included,
 * and compares which elements each nest touched and how often. */
#include <stdio.h>

static int v[40][40];

static void chains(int n, int m) {
#pragma nu tile(8,8) dmine(2,2) permut(2,1)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      v[j][i] += 1;
#pragma nu unroll(4,1) tilem(4,16)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      v[i][j] += 2;
#pragma nu peel(1,1)
  for (int i = 0; i < n; i++)
    v[i][0] += 3;
#pragma nu dmine(3) tilem(2,5)
  for (int i = 2; i <= n; i += 2)
    for (int j = 1; j < m; j++)
      v[i][j] += 5;
#pragma nu unroll(3)
  for (int i = -1; i < n - 2; i += 3)
    v[i + 1][1] += 7;
}

int main(void) {
  for (int n = -3; n < 20; n++)
    for (int m = -3; m < 20; m++) {
      for (int i = 0; i < 40; i++)
        for (int j = 0; j < 40; j++)
          v[i][j] = 0;
      chains(n, m);
      long h = 0;
      for (int i = 0; i < 40; i++)
        for (int j = 0; j < 40; j++)
          h = h * 31 + v[i][j];
      printf("%d %d %ld\n", n, m, h);
    }
  return 0;
}
