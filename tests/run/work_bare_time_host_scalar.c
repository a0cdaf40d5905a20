/* work_bare_time_host_scalar.c — a time loop whose body has statements on
 * scalars between its nests (a relaxation factor that changes every step,
 * a local set from it): a bare `work` keeps the loop on the host, runs
 * those statements there between the launches, and passes their values to
 * the next kernel. */
#include <stdio.h>
#include <stdlib.h>

static void relax(int ts, int n, float (*A)[n], float (*B)[n]) {
  float omega = 0.9f;
#pragma nu work
  for (int t = 0; t < ts; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.25f * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
    omega = omega * 0.95f + 0.01f;
    float keep = 1.0f - omega;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = keep * A[i][j] + omega * B[i][j];
  }
  printf("omega %.6f\n", omega);
}

int main(void) {
  int n = 41;
  float(*A)[n] = malloc(sizeof(float) * (size_t)(n * n));
  float(*B)[n] = malloc(sizeof(float) * (size_t)(n * n));
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A[i][j] = (float)((i * 3 + j * j) % 11);
      B[i][j] = 0;
    }
  relax(7, n, A, B);
  double s = 0, w = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      s += A[i][j];
      w += A[i][j] * (double)((i + 2 * j) % 7 + 1);
    }
  printf("%.6g %.6g %.6g\n", s, w, A[n / 2][n / 3]);
  free(A);
  free(B);
  return 0;
}
