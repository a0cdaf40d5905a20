/* cache_slot_pad.c — staged blocks whose dmine copies lie interleaved by
 * work-item (work's sizes spelled as numbers) get spare vectors after each
 * copy's run, so that the group's stores into the block meet no bank
 * conflicts (analysis/cache.c, plan_slot_pad): doubles in 16 x 16 groups
 * under dmine(8, 8) (2 spare double2s a copy pair) and dmine(8, 4) (4),
 * floats in 8 x 32 groups under dmine(8, 8) (4 spare float4s), ints in
 * 8 x 8 groups under dmine(2, 4).  golden.slot_pad checks the spares; here
 * every product must equal the sequential one (the floats' products and
 * sums are small integers, exact in any order).  No size divides by a
 * work-group's block, so the remainder kernels and the edge tests run too. */
#include <stdio.h>
#include <stdlib.h>

#define NI 150
#define NJ 141
#define NK 37

static double da[NI][NK], db[NK][NJ], dc[NI][NJ], dd[NI][NJ];
static float fa[NI][NK], fb[NK][NJ], fc[NI][NJ];
static int ia[NI][NK], ib[NK][NJ], ic[NI][NJ];

int main(void) {
  for (int i = 0; i < NI; i++)
    for (int k = 0; k < NK; k++) {
      da[i][k] = 0.5 + (double)((i * 7 + k * 3) % 29) / 29.0;
      fa[i][k] = (float)((i * 5 + k) % 13) - 6.0f;
      ia[i][k] = (i * 3 + k * 7) % 17 - 8;
    }
  for (int k = 0; k < NK; k++)
    for (int j = 0; j < NJ; j++) {
      db[k][j] = (double)((k * 5 + j * 11) % 31) / 31.0;
      fb[k][j] = (float)((k * 3 + j * 2) % 11) - 5.0f;
      ib[k][j] = (k * 5 + j * 3) % 19 - 9;
    }

#pragma nu work(16, 16) cache(da, db) dmine(8, 8)
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      double s = 0.0;
      for (int k = 0; k < NK; k++)
        s += da[i][k] * db[k][j];
      dc[i][j] = s;
    }

#pragma nu work(16, 16) cache(da, db) dmine(8, 4)
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      double s = 0.0;
      for (int k = 0; k < NK; k++)
        s += da[i][k] * db[k][j];
      dd[i][j] = s;
    }

#pragma nu work(8, 32) cache(fa, fb) dmine(8, 8)
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      float s = 0.0f;
      for (int k = 0; k < NK; k++)
        s += fa[i][k] * fb[k][j];
      fc[i][j] = s;
    }

#pragma nu work(8, 8) cache(ia, ib) dmine(2, 4)
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      int s = 0;
      for (int k = 0; k < NK; k++)
        s += ia[i][k] * ib[k][j];
      ic[i][j] = s;
    }

  double sd = 0.0, se = 0.0, sf = 0.0;
  long si = 0;
  for (int i = 0; i < NI; i++)
    for (int j = 0; j < NJ; j++) {
      sd += dc[i][j] * (double)((i + 2 * j) % 5 + 1);
      se += dd[i][j] * (double)((2 * i + j) % 7 + 1);
      sf += (double)fc[i][j] * (double)((i + j) % 3 + 1);
      si += (long)ic[i][j] * ((i * 3 + j) % 4 + 1);
    }
  printf("double 8x8 %.10e %.10e\n", sd, dc[NI - 1][NJ - 1]);
  printf("double 8x4 %.10e %.10e\n", se, dd[NI - 2][NJ - 3]);
  printf("float %.1f %.1f\n", sf, (double)fc[NI - 1][0]);
  printf("int %ld %d\n", si, ic[0][NJ - 1]);
  return 0;
}
