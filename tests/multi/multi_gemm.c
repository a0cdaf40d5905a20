/* GEMM over two devices: C's rows are split, A's rows go to the device of
 * the part that reads them and all of B to each.  The second product is
 * register-blocked (dmine): the split loop counts by two. */
// multi-split: 18
// multi-one: 26 the rows of 'C' one part touches cannot be bounded
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 75, k = 41, m = 58;
  float *A = malloc(sizeof(float) * n * k), *B = malloc(sizeof(float) * k * m);
  float *C = malloc(sizeof(float) * n * m), *D = malloc(sizeof(float) * n * m);
  for (int i = 0; i < n * k; i++)
    A[i] = (float)((i * 13) % 17) - 8;
  for (int i = 0; i < k * m; i++)
    B[i] = (float)((i * 7) % 9) - 4;
#pragma nu work(8, 8)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float s = 0;
      for (int p = 0; p < k; p++)
        s += A[i * k + p] * B[p * m + j];
      C[i * m + j] = s;
    }
#pragma nu work(4, 8) dmine(2, 1)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      float s = 0;
      for (int p = 0; p < k; p++)
        s += C[i * m + p] * B[p * m + j];
      D[i * m + j] = s;
    }
  double sc = 0, sd = 0;
  for (int i = 0; i < n * m; i++) {
    sc += C[i] * (1 + i % 3);
    sd += D[i] * (1 + i % 7);
  }
  printf("C %.1f D %.1f\n", sc, sd);
  printf("rows %.1f %.1f %.1f\n", C[0], C[(n / 2) * m + 3], D[(n - 1) * m + m - 1]);
  free(A);
  free(B);
  free(C);
  free(D);
  return 0;
}
