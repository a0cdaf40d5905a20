// nucc-kernels: 2
/* Pointers assigned once in a `#pragma nu work` loop's body before any use
 * (issue 24, lavaMD's pattern): one declared before the loop and used
 * nowhere else, one declared in the body without an initializer, both
 * followed into their arrays; at offsets read from memory, the writes are
 * undecided and the loop needs `independent`, as when the array itself is
 * subscripted so. */
#include <stdio.h>

#define N 40
#define M 12

static double A[N][M], B[N][M], x[N * M], y[N * M];
static int start[N];

int main(void) {
  for (int i = 0; i < N * M; i++)
    x[i] = (i * 7) % 11 - 5;
  for (int i = 0; i < N; i++)
    start[i] = (N - 1 - i) * M;
  double *row;
#pragma nu work(8)
  for (int i = 0; i < N; i++) {
    row = &A[i][0];
    double *out;
    out = B[i];
    for (int j = 0; j < M; j++) {
      row[j] = x[i * M + j] + i;
      out[j] = row[j] * 2 - j;
    }
  }
  double *q;
  int s0;
#pragma nu work(8) independent
  for (int i = 0; i < N; i++) {
    s0 = start[i];
    q = y + s0;
    for (int j = 0; j < M; j++)
      q[j] = x[s0 + j] * A[i][j] + *(q + j);
  }
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s += (A[i][j] + B[i][j] * 3 + y[i * M + j] * 5) * ((i + j) % 4 + 1);
  printf("%.1f\n", s);
  return 0;
}
