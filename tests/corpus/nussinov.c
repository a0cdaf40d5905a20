/* nussinov.c — Nussinov's RNA folding: the maximum number of base pairs
 * of every subsequence, computed by anti-diagonals d = j - i.
 * Legacy constructs: fixed-size int array parameters, C89 declarations, a
 * C89 temporary j = i + d written first in every iteration (private), a
 * helper function called from the kernel, a loop k from i+1 to j inside
 * the kernel over one anti-diagonal (cells of one diagonal only read
 * cells of shorter diagonals). */
#include <stdio.h>

#define N 53

static int seq[N];
static int table[N][N];

static int match(int b1, int b2) { return b1 + b2 == 3 ? 1 : 0; }

void kernel_nussinov(int n, int seq[N], int table[N][N]) {
  int i, j, k, d, best, cand;

  for (d = 1; d < n; d++) {
#pragma nu work(8)
    for (i = 0; i < n - d; i++) {
      j = i + d;
      best = table[i][j - 1];
      if (table[i + 1][j] > best)
        best = table[i + 1][j];
      cand = table[i + 1][j - 1] + match(seq[i], seq[j]);
      if (cand > best)
        best = cand;
      for (k = i + 1; k < j; k++) {
        cand = table[i][k] + table[k + 1][j];
        if (cand > best)
          best = cand;
      }
      table[i][j] = best;
    }
  }
}

int main(void) {
  int i, j;
  long s = 0, ws = 0;
  for (i = 0; i < N; i++)
    seq[i] = (i * 7 + i / 3) % 4;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      table[i][j] = 0;
  kernel_nussinov(N, seq, table);
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      s += table[i][j];
      ws += (long)table[i][j] * ((i + 3 * j) % 5 + 1);
    }
  printf("table %ld %ld\n", s, ws);
  printf("table[0][N-1] %d table[1][N-2] %d\n", table[0][N - 1], table[1][N - 2]);
  return 0;
}
