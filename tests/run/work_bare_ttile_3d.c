/* work_bare_ttile_3d.c — a bare `work` on the time loop of a 3-D stencil
 * of constant extents streams it: `work(1,8,32) ttile(2,16,32)`, whole
 * columns where the tiles of the inner loops make 256 work-groups or more,
 * else chunks of the outermost loop of at least 32 planes.  Extents and
 * step counts the tiles and T do not divide; where the chunks would be
 * shorter, and where the extents are not constants, the time loop stays
 * on the host.  Results checked against the sequential build. */
#include <stdio.h>
#include <stdlib.h>

/* (259 / 16) x (517 / 32) = 17 x 17 tiles: whole columns */
#define WZ 7
#define WY 261
#define WX 519
/* 2 x 2 tiles: 64 chunks of 65 planes of 4,098 */
#define CZ 4100
#define CY 34
#define CX 35
/* 1 tile: chunks of 4 planes, too short: the host keeps the steps */
#define SZ 1026
#define SY 18
#define SX 20

static float wa[WZ][WY][WX], wb[WZ][WY][WX];
static float ca[CZ][CY][CX], cb[CZ][CY][CX];
static double sa[SZ][SY][SX], sb[SZ][SY][SX];

static void whole(int steps) {
#pragma nu work
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < WZ - 1; i++)
      for (int j = 1; j < WY - 1; j++)
        for (int k = 1; k < WX - 1; k++)
          wb[i][j][k] =
              0.4f * wa[i][j][k] + 0.1f * (wa[i + 1][j][k] + wa[i - 1][j][k] + wa[i][j + 1][k] +
                                           wa[i][j - 1][k] + wa[i][j][k + 1] + wa[i][j][k - 1]);
    for (int i = 1; i < WZ - 1; i++)
      for (int j = 1; j < WY - 1; j++)
        for (int k = 1; k < WX - 1; k++)
          wa[i][j][k] =
              0.4f * wb[i][j][k] + 0.1f * (wb[i + 1][j][k] + wb[i - 1][j][k] + wb[i][j + 1][k] +
                                           wb[i][j - 1][k] + wb[i][j][k + 1] + wb[i][j][k - 1]);
  }
}

static void chunks(int steps) {
#pragma nu work
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < CZ - 1; i++)
      for (int j = 1; j < CY - 1; j++)
        for (int k = 1; k < CX - 1; k++)
          cb[i][j][k] =
              0.4f * ca[i][j][k] + 0.1f * (ca[i + 1][j][k] + ca[i - 1][j][k] + ca[i][j + 1][k] +
                                           ca[i][j - 1][k] + ca[i][j][k + 1] + ca[i][j][k - 1]);
    for (int i = 1; i < CZ - 1; i++)
      for (int j = 1; j < CY - 1; j++)
        for (int k = 1; k < CX - 1; k++)
          ca[i][j][k] =
              0.4f * cb[i][j][k] + 0.1f * (cb[i + 1][j][k] + cb[i - 1][j][k] + cb[i][j + 1][k] +
                                           cb[i][j - 1][k] + cb[i][j][k + 1] + cb[i][j][k - 1]);
  }
}

static void short_chunks(int steps) {
#pragma nu work
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < SZ - 1; i++)
      for (int j = 1; j < SY - 1; j++)
        for (int k = 1; k < SX - 1; k++)
          sb[i][j][k] = 0.5 * sa[i][j][k] + 0.125 * (sa[i + 1][j][k] + sa[i - 1][j][k] +
                                                     sa[i][j + 1][k] + sa[i][j - 1][k]);
    for (int i = 1; i < SZ - 1; i++)
      for (int j = 1; j < SY - 1; j++)
        for (int k = 1; k < SX - 1; k++)
          sa[i][j][k] = 0.5 * sb[i][j][k] + 0.125 * (sb[i][j][k + 1] + sb[i][j][k - 1] +
                                                     sb[i][j + 1][k] + sb[i][j - 1][k]);
  }
}

/* the extents are parameters: the host keeps the steps */
static void sized(int steps, int n, double (*a)[n][n], double (*b)[n][n]) {
#pragma nu work
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          b[i][j][k] = 0.25 * (a[i + 1][j][k] + a[i - 1][j][k] + a[i][j][k + 1] + a[i][j][k - 1]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        for (int k = 1; k < n - 1; k++)
          a[i][j][k] = 0.5 * (b[i][j][k] + a[i][j][k]);
  }
}

static double weigh(const float *p, long count) {
  double s = 0;
  for (long i = 0; i < count; i++)
    s += p[i] * (1.0 + (double)(i % 7));
  return s;
}

static double weighd(const double *p, long count) {
  double s = 0;
  for (long i = 0; i < count; i++)
    s += p[i] * (1.0 + (double)(i % 7));
  return s;
}

int main(void) {
  for (int i = 0; i < WZ; i++)
    for (int j = 0; j < WY; j++)
      for (int k = 0; k < WX; k++)
        wa[i][j][k] = wb[i][j][k] = (float)((i * 7 + j * 3 + k * 5) % 11);
  whole(3);
  printf("whole %.6e %.6e\n", weigh(&wa[0][0][0], (long)WZ * WY * WX),
         weigh(&wb[0][0][0], (long)WZ * WY * WX));
  for (int i = 0; i < CZ; i++)
    for (int j = 0; j < CY; j++)
      for (int k = 0; k < CX; k++)
        ca[i][j][k] = cb[i][j][k] = (float)((i * 5 + j * 7 + k * 3) % 13);
  chunks(5);
  printf("chunks %.6e %.6e\n", weigh(&ca[0][0][0], (long)CZ * CY * CX),
         weigh(&cb[0][0][0], (long)CZ * CY * CX));
  for (int i = 0; i < SZ; i++)
    for (int j = 0; j < SY; j++)
      for (int k = 0; k < SX; k++)
        sa[i][j][k] = sb[i][j][k] = (double)((i * 3 + j * 5 + k * 7) % 9);
  short_chunks(3);
  printf("short %.10e %.10e\n", weighd(&sa[0][0][0], (long)SZ * SY * SX),
         weighd(&sb[0][0][0], (long)SZ * SY * SX));
  int n = 11;
  double(*a)[n][n] = malloc(sizeof(double) * n * n * n);
  double(*b)[n][n] = malloc(sizeof(double) * n * n * n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        a[i][j][k] = b[i][j][k] = (double)((i + 2 * j + 3 * k) % 7);
  sized(4, n, a, b);
  printf("sized %.10e %.10e\n", weighd(&a[0][0][0], (long)n * n * n),
         weighd(&b[0][0][0], (long)n * n * n));
  free(a);
  free(b);
  return 0;
}
