// nucc-flags: --openmp
// cc-flags: -std=c11 -fopenmp
/* openmp_particle_filter.c — the particle filter of omp_particle_filter.c
 * with OpenMP pragmas as such a program has them (private, reduction),
 * translated with --openmp and built with cc -fopenmp for the reference.
 * Where nucc cannot infer an extent (a subscript read from an array, a
 * search loop's result), a `#pragma nu size(...)` line stands next to the
 * OpenMP one and joins its annotations. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define PI 3.1415926535897932

static double randu(int *seed, int index) {
  /* unsigned: the generator wraps, which int arithmetic must not */
  unsigned num = 1103515245u * (unsigned)seed[index] + 12345u;
  seed[index] = (int)(num % 2147483647u);
  return fabs(seed[index] / 2147483647.0);
}

static double randn(int *seed, int index) {
  double u = randu(seed, index);
  double v = randu(seed, index);
  double cosine = cos(2 * PI * v);
  double rt = -2 * log(u + 1e-12);
  return sqrt(rt) * cosine;
}

static void roundd(double *x) { *x = floor(*x + 0.5); }

int main(void) {
  int Nparticles = 1000, countOnes = 9, max_size = 128 * 128 * 10;
  int x, y, i, k;
  double *weights = malloc(sizeof(double) * Nparticles);
  double *arrayX = malloc(sizeof(double) * Nparticles);
  double *arrayY = malloc(sizeof(double) * Nparticles);
  double *xj = malloc(sizeof(double) * Nparticles);
  double *yj = malloc(sizeof(double) * Nparticles);
  double *CDF = malloc(sizeof(double) * Nparticles);
  double *u = malloc(sizeof(double) * Nparticles);
  double *likelihood = malloc(sizeof(double) * Nparticles);
  int *ind = malloc(sizeof(int) * countOnes * Nparticles);
  int *seed = malloc(sizeof(int) * Nparticles);
  int *objxy = malloc(sizeof(int) * countOnes * 2);
  unsigned char *I = malloc(max_size);
  for (i = 0; i < max_size; i++)
    I[i] = (unsigned char)((i * 31) % 256);
  for (i = 0; i < Nparticles; i++)
    seed[i] = i * 1000 + 7;
  for (i = 0; i < countOnes * 2; i++)
    objxy[i] = (i * 3) % 5 - 2;
  double sumWeights;
  double xe = 64, ye = 64;

#pragma omp parallel for
  for (x = 0; x < Nparticles; x++) {
    weights[x] = 1 / ((double)(Nparticles));
  }
#pragma omp parallel for
  for (x = 0; x < Nparticles; x++) {
    arrayX[x] = xe;
    arrayY[x] = ye;
  }
  for (k = 1; k < 4; k++) {
#pragma omp parallel for
    for (x = 0; x < Nparticles; x++) {
      arrayX[x] += 1 + 5 * randn(seed, x);
      arrayY[x] += -2 + 2 * randn(seed, x);
    }
#pragma nu size(I : max_size)
#pragma omp parallel for private(y)
    for (i = 0; i < Nparticles; i++) {
      double rx = arrayX[i], ry = arrayY[i];
      roundd(&rx);
      roundd(&ry);
      for (y = 0; y < countOnes; y++) {
        int indX = (int)rx + objxy[y * 2 + 1];
        int indY = (int)ry + objxy[y * 2];
        int idx = abs(indX * 128 * 10 + indY * 10 + k);
        ind[i * countOnes + y] = idx >= max_size ? 0 : idx;
      }
      likelihood[i] = 0;
      for (y = 0; y < countOnes; y++)
        likelihood[i] += (pow((double)(I[ind[i * countOnes + y]] - 100), 2) -
                          pow((double)(I[ind[i * countOnes + y]] - 228), 2)) /
                         50.0;
      likelihood[i] = likelihood[i] / ((double)countOnes);
    }
#pragma omp parallel for
    for (x = 0; x < Nparticles; x++) {
      weights[x] = weights[x] * exp(likelihood[x] / 1000.0);
    }
    sumWeights = 0;
#pragma omp parallel for reduction(+ : sumWeights)
    for (x = 0; x < Nparticles; x++) {
      sumWeights += weights[x];
    }
#pragma omp parallel for
    for (x = 0; x < Nparticles; x++) {
      weights[x] = weights[x] / sumWeights;
    }
    xe = 0;
    ye = 0;
#pragma omp parallel for reduction(+ : xe, ye)
    for (x = 0; x < Nparticles; x++) {
      xe += arrayX[x] * weights[x];
      ye += arrayY[x] * weights[x];
    }
    printf("k %d xe %.6f ye %.6f\n", k, xe, ye);
    CDF[0] = weights[0];
    for (x = 1; x < Nparticles; x++)
      CDF[x] = weights[x] + CDF[x - 1];
    double u1 = (1 / ((double)(Nparticles))) * randu(seed, 0);
#pragma omp parallel for
    for (x = 0; x < Nparticles; x++) {
      u[x] = u1 + x / ((double)(Nparticles));
    }
    int j2;
#pragma nu size(arrayX : Nparticles, arrayY : Nparticles)
#pragma omp parallel for private(x)
    for (j2 = 0; j2 < Nparticles; j2++) {
      int i2 = -1;
      for (x = 0; x < Nparticles; x++) {
        if (CDF[x] >= u[j2]) {
          i2 = x;
          break;
        }
      }
      if (i2 == -1)
        i2 = Nparticles - 1;
      xj[j2] = arrayX[i2];
      yj[j2] = arrayY[i2];
    }
#pragma omp parallel for
    for (x = 0; x < Nparticles; x++) {
      arrayX[x] = xj[x];
      arrayY[x] = yj[x];
      weights[x] = 1 / ((double)(Nparticles));
    }
  }
  printf("final %.6f %.6f\n", xe, ye);
  free(weights);
  free(arrayX);
  free(arrayY);
  free(xj);
  free(yj);
  free(CDF);
  free(u);
  free(likelihood);
  free(ind);
  free(seed);
  free(objxy);
  free(I);
  return 0;
}
