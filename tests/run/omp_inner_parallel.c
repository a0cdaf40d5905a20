// nucc-flags: --openmp
// cc-flags: -std=c11 -fopenmp
// nucc-kernels: 4
/* A `parallel for` names one loop; nucc maps the parallel loops inside it
 * too, as a bare `work` does (PolyBench-ACC's gemm under `omp for` had one
 * work-item per row of C: 2,048 work-items for 4 G multiply-adds).  Its
 * inner j loop is parallel and is mapped with i, and the product is
 * blocked, dmine's remainders in two kernels of their own
 * (golden/bare_chains.sh checks the chain); the matrix-vector product's
 * inner loop is a sum and stays in each work-item. */
#include <stdio.h>

#define N 96
#define M 80

int main(void) {
  static double A[N][M], B[M][N], C[N][N], x[M], y[N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      A[i][j] = (double)((i * 7 + j * 3) % 11) - 5.0;
      B[j][i] = (double)((i + 2 * j) % 5) - 2.0;
    }
  for (int j = 0; j < M; j++)
    x[j] = (double)(j % 7) - 3.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      C[i][j] = 1.0;
  int i, j, k;
  const double alpha = 1.5, beta = 1.25;
#pragma omp parallel
  {
#pragma omp for private(j, k)
    for (i = 0; i < N; i++)
      for (j = 0; j < N; j++) {
        C[i][j] *= beta;
        for (k = 0; k < M; ++k)
          C[i][j] += alpha * A[i][k] * B[k][j];
      }
  }
#pragma omp parallel for private(j)
  for (i = 0; i < N; i++) {
    double s = 0.0;
    for (j = 0; j < M; j++)
      s += A[i][j] * x[j];
    y[i] = s;
  }
  double sc = 0.0, sy = 0.0;
  for (i = 0; i < N; i++) {
    sy += y[i] * (double)(i % 3 + 1);
    for (j = 0; j < N; j++)
      sc += C[i][j] * (double)((i + j) % 4 + 1);
  }
  printf("C %.6f y %.6f C[5][7] %.6f y[9] %.6f\n", sc, sy, C[5][7], y[9]);
  return 0;
}
