/* work_bare_time_host_reads_result.c — a statement between the nests of a
 * time loop reads the sum the first nest reduces into.  nucc once refused
 * the loop (the host would read the sum before nurt folded the kernel's
 * result in); now the loop stays on the host and the reductions of its
 * kernels are folded right after their launch, never lazily, so the host
 * statement reads the step's sum. */
#include <stdio.h>
#include <stdlib.h>

static void norm(int ts, int n, float (*A)[n], float (*B)[n]) {
  float s = 0, scale;
#pragma nu work
  for (int t = 0; t < ts; t++) {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        s += A[i][j];
        B[i][j] = A[i][j];
      }
    scale = 1.0f / (s + 1.0f);
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        A[i][j] = B[i][j] * scale * 64.0f;
  }
  printf("s %.4g scale %.4g\n", s, scale);
}

int main(void) {
  int n = 24;
  float(*A)[n] = malloc(sizeof(float) * (size_t)(n * n));
  float(*B)[n] = malloc(sizeof(float) * (size_t)(n * n));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = (float)((i * 3 + j) % 8);
  norm(5, n, A, B);
  double w = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      w += A[i][j] * (double)((i + 2 * j) % 7 + 1);
  printf("%.4g %.4g\n", w, A[n / 2][n / 3]);
  free(A);
  free(B);
  return 0;
}
