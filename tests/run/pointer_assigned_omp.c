// nucc-flags: --openmp -Wno-nucc-omp-host
// cc-flags: -std=c11 -fopenmp
// nucc-kernels: 2
/* Pointers declared before an OpenMP loop, named in private(...) or never
 * used after it, and assigned once in the body before any use (Rodinia's
 * lavaMD: rA = &rv[first_i]; once per box, rB = &rv[first_j]; once per
 * neighbour), into arrays of structs and of scalars at offsets read from
 * memory.  nucc follows each into its array as it does a pointer the body
 * declares; these loops once stayed on the host ("write to 'rA'").  One
 * that the program reads after the loop stays there. */
#include <math.h>
#include <stdio.h>

#define NBOX 24
#define PER 8
#define NN 3

typedef struct {
  double v, x, y, z;
} FOUR_VECTOR;

typedef struct {
  long offset;
  int nn;
  int nei[NN];
} box_str;

static FOUR_VECTOR rv[NBOX * PER], fv[NBOX * PER];
static double qv[NBOX * PER], e[NBOX * PER];

int main(void) {
  box_str box[NBOX];
  for (int b = 0; b < NBOX; b++) {
    /* boxes laid out in reverse, so first_i is no affine function of l */
    box[b].offset = (long)(NBOX - 1 - b) * PER;
    box[b].nn = b % (NN + 1);
    for (int k = 0; k < NN; k++)
      box[b].nei[k] = (b * 7 + k * 5 + 3) % NBOX;
  }
  for (int i = 0; i < NBOX * PER; i++) {
    rv[i].v = (i % 5) * 0.25;
    rv[i].x = (i % 7) * 0.125 - 0.5;
    rv[i].y = (i % 3) * 0.5 - 0.25;
    rv[i].z = (i % 11) * 0.0625;
    qv[i] = (i % 4) * 0.5 + 0.5;
  }
  int i, j, k, l, pointer;
  long first_i, first_j;
  FOUR_VECTOR *rA, *fA, *rB;
  double *qB;
  double r2, vij, fs;
  FOUR_VECTOR d;
#pragma omp parallel for private(i, j, k) private(first_i, rA, fA) private(                        \
    pointer, first_j, rB, qB) private(r2, vij, fs, d)
  for (l = 0; l < NBOX; l = l + 1) {
    first_i = box[l].offset;
    rA = &rv[first_i];
    fA = &fv[first_i];
    for (k = 0; k < 1 + box[l].nn; k++) {
      if (k == 0)
        pointer = l;
      else
        pointer = box[l].nei[k - 1];
      first_j = box[pointer].offset;
      rB = &rv[first_j];
      qB = &qv[first_j];
      for (i = 0; i < PER; i = i + 1) {
        for (j = 0; j < PER; j = j + 1) {
          r2 = rA[i].v + rB[j].v - (rA[i].x * rB[j].x + rA[i].y * rB[j].y + rA[i].z * rB[j].z);
          vij = exp(-0.5 * r2);
          fs = 2. * vij;
          d.x = rA[i].x - rB[j].x;
          d.y = rA[i].y - rB[j].y;
          d.z = rA[i].z - rB[j].z;
          fA[i].v += qB[j] * vij;
          fA[i].x += qB[j] * fs * d.x;
          fA[i].y += qB[j] * fs * d.y;
          fA[i].z += qB[j] * fs * d.z;
        }
      }
    }
  }
  /* declared in the body without an initializer, set before it is read */
  long off;
#pragma omp parallel for private(off)
  for (int b = 0; b < NBOX; b++) {
    double *p;
    off = box[b].offset;
    p = e + off;
    for (int m = 0; m < PER; m++)
      p[m] = fv[box[b].offset + m].v * 2 + *(p + m) + b;
  }
  /* read after the loop: the last iteration's value is the program's, so
   * this loop stays on the host (a warning) */
  double *last = e;
#pragma omp parallel for lastprivate(last)
  for (int b = 0; b < NBOX; b++) {
    last = e + b * PER;
    last[1] += 1;
  }
  double s = last[0] - e[(NBOX - 1) * PER];
  for (int m = 0; m < NBOX * PER; m++)
    s += (fv[m].v + fv[m].x * 2 + fv[m].y * 3 + fv[m].z * 5 + e[m]) * (m % 7 + 1);
  printf("%.6f\n", s);
  return 0;
}
