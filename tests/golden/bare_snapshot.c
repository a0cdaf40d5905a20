/* bare_snapshot.c — trmm in its legacy order under a bare `work`: only j
 * is parallel as written; with the reads of the rows below row i made of a
 * copy taken before the nest, i is too, and nucc takes the copy. */
void trmm(int m, int n, double alpha, double (*A)[m], double (*B)[n]) {
#pragma nu work
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      for (int k = i + 1; k < m; k++)
        B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
}

/* A difference in place: no loop maps without the copy. */
void diff(int n, float *x) {
#pragma nu work
  for (int i = 0; i < n - 1; i++)
    x[i] = x[i + 1] - x[i];
}

/* Into another array: one loop maps without a copy, and none is taken. */
void diff_to(int n, float *x, float *y) {
#pragma nu work
  for (int i = 0; i < n - 1; i++)
    y[i] = x[i + 1] - x[i];
}
