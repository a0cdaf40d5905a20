/* himeno_acc.c — examples/himeno.c with OpenACC directives where it has
 * `#pragma nu` (issue 31 §1's measurement): a data region over both runs,
 * the stencil as `kernels` with `loop independent` on i, j and k and a
 * gosa reduction (as PGI's port of the benchmark writes it), the copy-back
 * nest as `parallel loop collapse(3)`, `wait` before the second clock
 * reading.  The same file builds with nucc --openacc, with an OpenACC
 * compiler (gcc -fopenacc, nvc -acc) and with plain cc.
 * Usage: himeno_acc [XS|S|M|L|IxJxK [ITERATIONS]]   (default S, 100 iterations) */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

/* Grid size from its name or from "IxJxK".  Returns 0 on a bad argument. */
static int grid_size(const char *s, int *imax, int *jmax, int *kmax) {
  static const struct {
    const char *name;
    int i, j, k;
  } sizes[] = {{"XS", 64, 32, 32}, {"S", 128, 64, 64}, {"M", 256, 128, 128}, {"L", 512, 256, 256}};
  for (size_t n = 0; n < sizeof sizes / sizeof sizes[0]; n++)
    if (strcmp(s, sizes[n].name) == 0) {
      *imax = sizes[n].i, *jmax = sizes[n].j, *kmax = sizes[n].k;
      return 1;
    }
  return sscanf(s, "%dx%dx%d", imax, jmax, kmax) == 3 && *imax >= 3 && *jmax >= 3 && *kmax >= 3;
}

int main(int argc, char **argv) {
  int imax, jmax, kmax;
  int nn = argc > 2 ? atoi(argv[2]) : 100;
  if (!grid_size(argc > 1 ? argv[1] : "S", &imax, &jmax, &kmax) || nn < 1) {
    fprintf(stderr, "usage: himeno [XS|S|M|L|IxJxK [ITERATIONS >= 1]]\n");
    return 2;
  }
  float(*p)[jmax][kmax] = malloc(sizeof(float[imax][jmax][kmax]));
  float(*bnd)[jmax][kmax] = malloc(sizeof(float[imax][jmax][kmax]));
  float(*wrk1)[jmax][kmax] = malloc(sizeof(float[imax][jmax][kmax]));
  float(*wrk2)[jmax][kmax] = malloc(sizeof(float[imax][jmax][kmax]));
  float(*a)[imax][jmax][kmax] = malloc(sizeof(float[4][imax][jmax][kmax]));
  float(*b)[imax][jmax][kmax] = malloc(sizeof(float[3][imax][jmax][kmax]));
  float(*c)[imax][jmax][kmax] = malloc(sizeof(float[3][imax][jmax][kmax]));
  if (!p || !bnd || !wrk1 || !wrk2 || !a || !b || !c) {
    fprintf(stderr, "himeno: out of memory\n");
    return 1;
  }
  /* The original's initialisation: p grows as i², a Laplacian's coefficients. */
  for (int i = 0; i < imax; i++)
    for (int j = 0; j < jmax; j++)
      for (int k = 0; k < kmax; k++) {
        a[0][i][j][k] = a[1][i][j][k] = a[2][i][j][k] = 1.0f;
        a[3][i][j][k] = 1.0f / 6.0f;
        b[0][i][j][k] = b[1][i][j][k] = b[2][i][j][k] = 0.0f;
        c[0][i][j][k] = c[1][i][j][k] = c[2][i][j][k] = 1.0f;
        p[i][j][k] = (float)(i * i) / (float)((imax - 1) * (imax - 1));
        wrk1[i][j][k] = wrk2[i][j][k] = 0.0f;
        bnd[i][j][k] = 1.0f;
      }
  const float omega = 0.8f;
  double gosa = 0.0;
  printf("himeno %dx%dx%d iterations=%d\n", imax, jmax, kmax, nn);

  /* As the original, a first run of 3 iterations (here it also moves the
   * arrays to the device), then the measured run of nn iterations from there. */
  double t0 = 0.0, t1 = 0.0;
#pragma acc data copyin(a [0:4], b [0:3], c [0:3], bnd [0:imax], wrk1 [0:imax]) copy(p [0:imax])   \
    create(wrk2 [0:imax])
  for (int run = 0; run < 2; run++) {
    int iterations = run == 0 ? 3 : nn;
    t0 = now_ms();
    for (int n = 0; n < iterations; n++) {
      gosa = 0.0;
#pragma acc kernels
#pragma acc loop independent reduction(+ : gosa)
      for (int i = 1; i < imax - 1; i++)
#pragma acc loop independent reduction(+ : gosa)
        for (int j = 1; j < jmax - 1; j++)
#pragma acc loop independent reduction(+ : gosa)
          for (int k = 1; k < kmax - 1; k++) {
            float s0 = a[0][i][j][k] * p[i + 1][j][k] + a[1][i][j][k] * p[i][j + 1][k] +
                       a[2][i][j][k] * p[i][j][k + 1] +
                       b[0][i][j][k] * (p[i + 1][j + 1][k] - p[i + 1][j - 1][k] -
                                        p[i - 1][j + 1][k] + p[i - 1][j - 1][k]) +
                       b[1][i][j][k] * (p[i][j + 1][k + 1] - p[i][j - 1][k + 1] -
                                        p[i][j + 1][k - 1] + p[i][j - 1][k - 1]) +
                       b[2][i][j][k] * (p[i + 1][j][k + 1] - p[i - 1][j][k + 1] -
                                        p[i + 1][j][k - 1] + p[i - 1][j][k - 1]) +
                       c[0][i][j][k] * p[i - 1][j][k] + c[1][i][j][k] * p[i][j - 1][k] +
                       c[2][i][j][k] * p[i][j][k - 1] + wrk1[i][j][k];
            float ss = (s0 * a[3][i][j][k] - p[i][j][k]) * bnd[i][j][k];
            gosa += ss * ss;
            wrk2[i][j][k] = p[i][j][k] + omega * ss;
          }
#pragma acc parallel loop collapse(3) present(p [0:imax], wrk2 [0:imax])
      for (int i = 1; i < imax - 1; i++)
        for (int j = 1; j < jmax - 1; j++)
          for (int k = 1; k < kmax - 1; k++)
            p[i][j][k] = wrk2[i][j][k];
    }
#pragma acc wait
    t1 = now_ms();
  }

  double flops = 34.0 * (imax - 2) * (jmax - 2) * (kmax - 2) * nn;
  printf("gosa %.6e\n", gosa);
  printf("p[imax/2][jmax/2][kmax/2]=%.6f\n", p[imax / 2][jmax / 2][kmax / 2]);
  printf("kernel time: %.3f ms (%.1f MFLOPS)\n", t1 - t0, flops / ((t1 - t0) * 1e3 + 1e-9));
  free(p), free(bnd), free(wrk1), free(wrk2), free(a), free(b), free(c);
  return 0;
}
