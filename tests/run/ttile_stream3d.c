/* ttile_stream3d.c — streamed time tiles (a work-item per column of the
 * tile's plane, each version of an array in registers, the planes read
 * across published in __local memory) on stencils whose reads cross
 * planes diagonally: an 19-point two-array scheme reads A[i + 1][j - 1][k],
 * so the sub-step needs the plane behind and ahead of its own in __local
 * memory, not only its own.  Whole columns and chunks, T = 1, 2 and 3,
 * sizes and step counts the tiles and T do not divide.  Results checked
 * against the sequential build. */
#include <stdio.h>
#include <stdlib.h>

#define EDGES(X, i, j, k)                                                                          \
  (X[i + 1][j + 1][k] + X[i + 1][j - 1][k] + X[i - 1][j + 1][k] + X[i - 1][j - 1][k] +             \
   X[i + 1][j][k + 1] + X[i + 1][j][k - 1] + X[i - 1][j][k + 1] + X[i - 1][j][k - 1] +             \
   X[i][j + 1][k + 1] + X[i][j + 1][k - 1] + X[i][j - 1][k + 1] + X[i][j - 1][k - 1])
#define FACES(X, i, j, k)                                                                          \
  (X[i + 1][j][k] + X[i - 1][j][k] + X[i][j + 1][k] + X[i][j - 1][k] + X[i][j][k + 1] +            \
   X[i][j][k - 1])

static void d19_whole(int tsteps, int nz, int ny, int nx, double (*A)[ny][nx],
                      double (*B)[ny][nx]) {
#pragma nu work(1, 4, 8) ttile(2, 5, 7)
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < nz - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        for (int k = 1; k < nx - 1; k++)
          B[i][j][k] = 0.4 * A[i][j][k] + 0.06 * FACES(A, i, j, k) + 0.02 * EDGES(A, i, j, k);
    for (int i = 1; i < nz - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        for (int k = 1; k < nx - 1; k++)
          A[i][j][k] = 0.4 * B[i][j][k] + 0.06 * FACES(B, i, j, k) + 0.02 * EDGES(B, i, j, k);
  }
}

static void d19_chunks(int tsteps, int nz, int ny, int nx, double (*A)[ny][nx],
                       double (*B)[ny][nx]) {
#pragma nu work(1, 4, 8) ttile(3, 3, 9, stream : 4)
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < nz - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        for (int k = 1; k < nx - 1; k++)
          B[i][j][k] = 0.4 * A[i][j][k] + 0.06 * FACES(A, i, j, k) + 0.02 * EDGES(A, i, j, k);
    for (int i = 1; i < nz - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        for (int k = 1; k < nx - 1; k++)
          A[i][j][k] = 0.4 * B[i][j][k] + 0.06 * FACES(B, i, j, k) + 0.02 * EDGES(B, i, j, k);
  }
}

/* one sub-step per step, T = 1: a new array from two others, then the
 * time loop's other sub-step is a plain copy back */
static void blend(int tsteps, int nz, int ny, int nx, float (*u)[ny][nx], float (*w)[ny][nx]) {
#pragma nu work(1, 4, 8) ttile(1, 6, 10, stream : 3)
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < nz - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        for (int k = 1; k < nx - 1; k++)
          w[i][j][k] = 0.5f * u[i][j][k] + 0.125f * (u[i - 1][j + 1][k] + u[i + 1][j - 1][k] +
                                                     u[i][j][k + 1] + u[i][j][k - 1]);
    for (int i = 1; i < nz - 1; i++)
      for (int j = 1; j < ny - 1; j++)
        for (int k = 1; k < nx - 1; k++)
          u[i][j][k] = w[i][j][k];
  }
}

static double weigh(const double *p, long count) {
  double s = 0;
  for (long i = 0; i < count; i++)
    s += p[i] * (1.0 + (double)(i % 7));
  return s;
}

static double weighf(const float *p, long count) {
  double s = 0;
  for (long i = 0; i < count; i++)
    s += p[i] * (1.0 + (double)(i % 7));
  return s;
}

int main(void) {
  int nz = 13, ny = 17, nx = 23;
  long cells = (long)nz * ny * nx;
  double(*A)[ny][nx] = malloc(sizeof(double) * cells);
  double(*B)[ny][nx] = malloc(sizeof(double) * cells);
  for (int round = 0; round < 2; round++) {
    for (int i = 0; i < nz; i++)
      for (int j = 0; j < ny; j++)
        for (int k = 0; k < nx; k++)
          A[i][j][k] = B[i][j][k] = (double)((i * 7 + j * 3 + k * 5 + round) % 11);
    if (round == 0)
      d19_whole(5, nz, ny, nx, A, B);
    else
      d19_chunks(7, nz, ny, nx, A, B);
    printf("d19 %s %.10e %.10e %.10e\n", round ? "chunks" : "whole", weigh(&A[0][0][0], cells),
           weigh(&B[0][0][0], cells), A[nz / 2][ny / 3][nx / 4]);
  }
  float(*u)[ny][nx] = malloc(sizeof(float) * cells);
  float(*w)[ny][nx] = malloc(sizeof(float) * cells);
  for (int i = 0; i < nz; i++)
    for (int j = 0; j < ny; j++)
      for (int k = 0; k < nx; k++)
        u[i][j][k] = w[i][j][k] = (float)((i * 5 + j * 7 + k * 3) % 13);
  blend(4, nz, ny, nx, u, w);
  printf("blend %.6e %.6e\n", weighf(&u[0][0][0], cells), weighf(&w[0][0][0], cells));
  free(A);
  free(B);
  free(u);
  free(w);
  return 0;
}
