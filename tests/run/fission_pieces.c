/* fission_pieces.c — fission(n1, ..., nk) chooses the pieces: n1
 * statements of the body in the first copy of the loops, n2 in the next.
 * Gram-Schmidt's update of the columns j > k keeps the dot product R[k][j]
 * with its reset (one loop mapped), and puts the rank-1 update of A in a
 * piece of its own that permut and work map in two dimensions. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void gramschmidt(int m, int n, double A[m][n], double R[n][n], double Q[m][n]) {
  int i, j, k;
  double nrm;
  for (k = 0; k < n; k++) {
    nrm = 0.0;
#pragma nu work(64)
    for (i = 0; i < m; i++)
      nrm += A[i][k] * A[i][k];
    R[k][k] = sqrt(nrm);
#pragma nu work(64)
    for (i = 0; i < m; i++)
      Q[i][k] = A[i][k] / R[k][k];
#pragma nu work(16, 16) permut(2, 1) fission(2, 1)
    for (j = k + 1; j < n; j++) {
      R[k][j] = 0.0;
      for (i = 0; i < m; i++)
        R[k][j] += Q[i][k] * A[i][j];
      for (i = 0; i < m; i++)
        A[i][j] = A[i][j] - Q[i][k] * R[k][j];
    }
  }
}

/* Three statements as (1, 2): the scale alone, then a piece of two. */
static void three(int n, float *a, float *b, float *c) {
#pragma nu work(64) fission(1, 2)
  for (int i = 0; i < n; i++) {
    a[i] = a[i] * 2.0f;
    b[i] = b[i] + 1.0f;
    c[i] = b[i] * 0.5f;
  }
}

static void checksum(const char *name, const double *p, int count) {
  double s = 0.0, w = 0.0;
  for (int k = 0; k < count; k++) {
    s += p[k];
    w += fabs(p[k]) * (double)(k % 7 + 1);
  }
  printf("%s %.6g %.6g %.6g\n", name, s, w, p[count / 3]);
}

int main(void) {
  int m = 37, n = 29;
  double(*A)[n] = malloc(sizeof(double) * (size_t)(m * n));
  double(*R)[n] = malloc(sizeof(double) * (size_t)(n * n));
  double(*Q)[n] = malloc(sizeof(double) * (size_t)(m * n));
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      A[i][j] = (double)((i * j) % 7 + 1) / 7.0 + (i == j ? 4.0 : 0.0);
      Q[i][j] = 0.0;
    }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      R[i][j] = 0.0;
  gramschmidt(m, n, A, R, Q);
  checksum("R", &R[0][0], n * n);
  checksum("Q", &Q[0][0], m * n);
  checksum("A", &A[0][0], m * n);

  int q = 1000;
  float *a = malloc(sizeof(float) * (size_t)q), *b = malloc(sizeof(float) * (size_t)q),
        *c = malloc(sizeof(float) * (size_t)q);
  for (int i = 0; i < q; i++) {
    a[i] = (float)(i % 9);
    b[i] = (float)(i % 5);
    c[i] = 0;
  }
  three(q, a, b, c);
  double s = 0;
  for (int i = 0; i < q; i++)
    s += a[i] + 3.0 * b[i] + 7.0 * c[i];
  printf("three %.6g\n", s);
  free(A);
  free(R);
  free(Q);
  free(a);
  free(b);
  free(c);
  return 0;
}
