/* A correct nest with a transformation chain.  Built by nucc with
 * NUCC_TEST_BREAK_STEP=dmine (a test-only hook that corrupts that step's
 * output), NU_VERIFY=1 must name dmine(2,2) as the step that changed the
 * result; built without the hook it must pass. */
#include <stdio.h>

#define N 64
#define M 48
static float A[N][M], B[N][M];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = (float)(i * M + j) * 0.5f;
  for (int step = 0; step < 3; step++) {
#pragma nu work(8, 8) dmine(2, 2) permut(2, 1)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j++)
        B[i][j] = A[i][j] * 2.0f + (float)step;
  }
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s += B[i][j];
  printf("%.1f\n", s);
  return 0;
}
// report: (kernel nu_main_17) differ from the sequential loop
// report: array 'B':
// report: the sequential code after step 'permut(2,1)' computes the original loop's result
// report: the sequential code after step 'dmine(2,2)' already differs
// report: this transformation step changed the result
