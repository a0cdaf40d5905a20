/* syrk.c — C = alpha*A*A' + beta*C on the lower triangle of C.
 * Legacy constructs: fixed-size array parameters, C89 declarations, a
 * triangular loop (j <= i) under the k loop, mapped with i after permut and
 * fission (a triangular NDRange), and an in-place update of C[i][j] in an
 * inner reduction loop. */
#include <math.h>
#include <stdio.h>

#define N 37
#define M 23

static double A[N][M], C[N][N];

void kernel_syrk(int n, int m, double alpha, double beta, double C[N][N], double A[N][M]) {
  int i, j, k;

#pragma nu work(16, 16) permut(1, 3, 2) fission
  /* Element (i, j) of the lower triangle belongs to work-item (i, j): fission
     makes the scaling and the update two triangular kernels, and permut
     brings the update's j loop out of the k loop. */
  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (k = 0; k < m; k++)
      for (j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
  }
}

static void checksum(const char *name, const double *p, int count) {
  double s = 0.0, w = 0.0;
  int k;
  for (k = 0; k < count; k++) {
    s += p[k];
    w += fabs(p[k]) * (double)(k % 7 + 1);
  }
  printf("%s %.6g %.6g %.6g\n", name, s, w, p[count / 3]);
}

int main(void) {
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      A[i][j] = (double)((i * j + 1) % N) / N;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      C[i][j] = (double)((i * j + 2) % M) / M;
  kernel_syrk(N, M, 1.5, 1.2, C, A);
  checksum("C", &C[0][0], N * N);
  return 0;
}
