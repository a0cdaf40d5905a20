// nucc-flags: --openacc
// nucc-kernels: 5
/* OpenACC compute constructs under --openacc: a `parallel loop` with gang,
 * vector and collapse(2), a sum reduction, private and firstprivate, and a
 * `loop vector` nested in a `parallel loop gang` (one 2-D NDRange). */
#include <stdio.h>

#define N 67
#define M 45
static double a[N][M], b[N][M], c[N][M];
static float x[1000], y[1000];

int main(void) {
  double f = 1.5, s = 0.0, t;
  int mx = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      a[i][j] = (i * 7 + j * 3) % 11 - 5.0;
  for (int i = 0; i < 1000; i++)
    x[i] = (float)(i % 17);
#pragma acc parallel loop gang vector collapse(2) vector_length(32)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      b[i][j] = a[i][j] * f + j;
#pragma acc parallel loop reduction(+ : s) reduction(max : mx)
  for (int i = 0; i < N; i++) {
    s += b[i][3] * 0.5;
    mx = mx > (int)b[i][4] ? mx : (int)b[i][4];
  }
#pragma acc parallel loop private(t) firstprivate(f)
  for (int i = 0; i < 1000; i++) {
    t = x[i] * 2.0f;
    y[i] = (float)(f + t);
  }
#pragma acc parallel loop gang num_gangs(8)
  for (int i = 1; i < N - 1; i++) {
#pragma acc loop vector(16)
    for (int j = 1; j < M - 1; j++)
      c[i][j] = b[i - 1][j] + b[i + 1][j] + b[i][j - 1] + b[i][j + 1];
  }
#pragma acc parallel
  {
#pragma acc loop independent
    for (int i = 0; i < 1000; i++)
      x[i] = y[i] - x[i];
  }
  double cs = 0, xs = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      cs += c[i][j] * (i + 1) + b[i][j];
  for (int i = 0; i < 1000; i++)
    xs += x[i] * (i % 5 + 1);
  printf("s=%.6f mx=%d cs=%.6f xs=%.6f y7=%.3f f=%.2f\n", s, mx, cs, xs, y[7], f);
  return 0;
}
