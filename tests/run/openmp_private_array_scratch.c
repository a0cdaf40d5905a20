// nucc-flags: --openmp
// cc-flags: -std=c11 -fopenmp
// nucc-kernels: 3
/* openmp_private_array_scratch.c — NPB MG's smoother (psinv): per-thread
 * line buffers of M doubles, beyond a work-item's private memory, written
 * by one inner loop and read at i1-1, i1, i1+1 by the next.  Each
 * work-item's copy is a slice of a device scratch buffer (as OpenACC
 * compilers do) rather than the loop staying on the host; a second loop
 * keeps its buffer per thread by declaring it in the parallel region, a
 * third has rows of buffers (double t[3][M]).  Used element by element,
 * they are interleaved: element e of work-item w at e * (work-items) + w. */
#include <stdio.h>

#define M 1037
#define N3 14
#define N2 9

static double r[N3][N2][M], u[N3][N2][M], w[N3][N2][M];

static void psinv(int n1, int n2, int n3, const double c[4]) {
  int i3, i2, i1;
  double r1[M], r2[M];
#pragma omp parallel for default(shared) private(i1, i2, i3, r1, r2)
  for (i3 = 1; i3 < n3 - 1; i3++) {
    for (i2 = 1; i2 < n2 - 1; i2++) {
      for (i1 = 0; i1 < n1; i1++) {
        r1[i1] = r[i3][i2 - 1][i1] + r[i3][i2 + 1][i1] + r[i3 - 1][i2][i1] + r[i3 + 1][i2][i1];
        r2[i1] = r[i3 - 1][i2 - 1][i1] + r[i3 - 1][i2 + 1][i1] + r[i3 + 1][i2 - 1][i1] +
                 r[i3 + 1][i2 + 1][i1];
      }
      for (i1 = 1; i1 < n1 - 1; i1++)
        u[i3][i2][i1] = u[i3][i2][i1] + c[0] * r[i3][i2][i1] +
                        c[1] * (r[i3][i2][i1 - 1] + r[i3][i2][i1 + 1] + r1[i1]) +
                        c[2] * (r2[i1] + r1[i1 - 1] + r1[i1 + 1]);
    }
  }
}

/* the buffer OpenMP keeps per thread, reversed into place by a loop of
 * its own: the row the work-item wrote, read back at other subscripts
 * (constant bounds: privarray.c proves each iteration writes all it reads) */
static void flip(int n2, int n3) {
#pragma omp parallel
  {
    double line[M];
    int i2, i1;
#pragma omp for
    for (int i3 = 0; i3 < n3; i3++)
      for (i2 = 0; i2 < n2; i2++) {
        for (i1 = 0; i1 < M; i1++)
          line[i1] = u[i3][i2][i1] * 0.5 + i3;
        for (i1 = 0; i1 < M; i1++)
          w[i3][i2][i1] = line[M - 1 - i1] - 0.25 * line[i1];
      }
  }
}

/* three rows of partial sums, 24 KB a work-item */
static void rows3(int n2, int n3) {
  double t[3][M];
  int i3, i2, i1, q;
#pragma omp parallel for private(t, i2, i1, q)
  for (i3 = 1; i3 < n3 - 1; i3++)
    for (i2 = 0; i2 < n2; i2++) {
      for (q = 0; q < 3; q++)
        for (i1 = 0; i1 < M; i1++)
          t[q][i1] = u[i3 + q - 1][i2][i1] * (q + 1);
      for (i1 = 1; i1 < M - 1; i1++)
        w[i3][i2][i1] += t[0][i1 - 1] - t[1][i1] + t[2][i1 + 1];
    }
}

int main(void) {
  const double c[4] = {-3.0 / 8.0, 1.0 / 32.0, -1.0 / 64.0, 0.0};
  for (int i3 = 0; i3 < N3; i3++)
    for (int i2 = 0; i2 < N2; i2++)
      for (int i1 = 0; i1 < M; i1++) {
        r[i3][i2][i1] = (double)((i3 * 131 + i2 * 17 + i1 * 7) % 23) - 11.0;
        u[i3][i2][i1] = (double)((i3 + i2 * 3 + i1) % 5);
      }
  psinv(M - 300, N2 - 2, N3 - 3, c); /* fewer work-items: a larger launch grows the buffer */
  for (int it = 0; it < 3; it++)     /* the same scratch again, kept across launches */
    psinv(M, N2, N3, c);
  flip(N2, N3);
  rows3(N2, N3);
  double su = 0, sw = 0;
  for (int i3 = 0; i3 < N3; i3++)
    for (int i2 = 0; i2 < N2; i2++)
      for (int i1 = 0; i1 < M; i1++) {
        su += u[i3][i2][i1] * (1 + (i1 + i2 + i3) % 7);
        sw += w[i3][i2][i1] * (1 + (i1 * 3 + i3) % 5);
      }
  printf("u: %.6f %.6f %.6f\n", su, u[5][4][500], u[1][1][1]);
  printf("w: %.6f %.6f %.6f\n", sw, w[7][3][12], w[13][8][1036]);
  return 0;
}
