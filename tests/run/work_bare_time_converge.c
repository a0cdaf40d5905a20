/* work_bare_time_converge.c — a relaxation that stops when it converges: a
 * bare `work` on the iteration loop keeps it on the host; the kernel of
 * the first nest reduces the change into `err`, and the host tests it and
 * leaves the loop (`break`), skipping the second launch, as the sequential
 * program does.  Before, the `if` was "not a statement on scalars alone"
 * and the loop was refused. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static int relax(int maxit, int n, float (*A)[n], float (*B)[n], float tol) {
  int it;
  float err = 0;
#pragma nu work
  for (it = 0; it < maxit; it++) {
    err = 0;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        B[i][j] = 0.25f * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
        err = fmaxf(err, fabsf(B[i][j] - A[i][j]));
      }
    if (err < tol)
      break;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = B[i][j];
  }
  printf("err %.3g\n", err < tol ? 0.0 : err);
  return it;
}

int main(void) {
  int n = 18;
  float(*A)[n] = malloc(sizeof(float) * (size_t)(n * n));
  float(*B)[n] = malloc(sizeof(float) * (size_t)(n * n));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A[i][j] = i == 0 ? 100.0f : 0.0f;
      B[i][j] = A[i][j];
    }
  int it = relax(5000, n, A, B, 0.01f);
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += A[i][j];
  printf("iterations %d sum %.4g\n", it, s);
  free(A);
  free(B);
  return 0;
}
