/* deriche.c — Deriche's recursive edge-detection filter: causal and
 * anti-causal recursive passes along the rows, then along the columns.
 * Legacy constructs: C99 VLA parameters, C89 scalars (xm1, ym1, ym2, ...)
 * declared at the top that carry values along an inner loop and are reset
 * at the start of every row/column (private per work-item), inner loops
 * that count down (j--), 1-D kernels over rows and over columns. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void kernel_deriche(int w, int h, double alpha, double imgIn[w][h], double imgOut[w][h],
                    double y1[w][h], double y2[w][h]) {
  int i, j;
  double k, a1, a2, a3, a4, a5, a6, a7, a8, b1, b2, c1, c2;
  double xm1, tm1, ym1, ym2, xp1, xp2, tp1, tp2, yp1, yp2;

  k = (1.0 - exp(-alpha)) * (1.0 - exp(-alpha)) /
      (1.0 + 2.0 * alpha * exp(-alpha) - exp(2.0 * -alpha));
  a1 = a5 = k;
  a2 = a6 = k * exp(-alpha) * (alpha - 1.0);
  a3 = a7 = k * exp(-alpha) * (alpha + 1.0);
  a4 = a8 = -k * exp(-2.0 * alpha);
  b1 = 2.0 * exp(-alpha);
  b2 = -exp(-2.0 * alpha);
  c1 = c2 = 1.0;

#pragma nu work(16)
  for (i = 0; i < w; i++) {
    ym1 = 0.0;
    ym2 = 0.0;
    xm1 = 0.0;
    for (j = 0; j < h; j++) {
      y1[i][j] = a1 * imgIn[i][j] + a2 * xm1 + b1 * ym1 + b2 * ym2;
      xm1 = imgIn[i][j];
      ym2 = ym1;
      ym1 = y1[i][j];
    }
  }

#pragma nu work(16)
  for (i = 0; i < w; i++) {
    yp1 = 0.0;
    yp2 = 0.0;
    xp1 = 0.0;
    xp2 = 0.0;
    for (j = h - 1; j >= 0; j--) {
      y2[i][j] = a3 * xp1 + a4 * xp2 + b1 * yp1 + b2 * yp2;
      xp2 = xp1;
      xp1 = imgIn[i][j];
      yp2 = yp1;
      yp1 = y2[i][j];
    }
  }

#pragma nu work(8, 8)
  for (i = 0; i < w; i++)
    for (j = 0; j < h; j++)
      imgOut[i][j] = c1 * (y1[i][j] + y2[i][j]);

#pragma nu work(16)
  for (j = 0; j < h; j++) {
    tm1 = 0.0;
    ym1 = 0.0;
    ym2 = 0.0;
    for (i = 0; i < w; i++) {
      y1[i][j] = a5 * imgOut[i][j] + a6 * tm1 + b1 * ym1 + b2 * ym2;
      tm1 = imgOut[i][j];
      ym2 = ym1;
      ym1 = y1[i][j];
    }
  }

#pragma nu work(16)
  for (j = 0; j < h; j++) {
    tp1 = 0.0;
    tp2 = 0.0;
    yp1 = 0.0;
    yp2 = 0.0;
    for (i = w - 1; i >= 0; i--) {
      y2[i][j] = a7 * tp1 + a8 * tp2 + b1 * yp1 + b2 * yp2;
      tp2 = tp1;
      tp1 = imgOut[i][j];
      yp2 = yp1;
      yp1 = y2[i][j];
    }
  }

#pragma nu work(8, 8)
  for (i = 0; i < w; i++)
    for (j = 0; j < h; j++)
      imgOut[i][j] = c2 * (y1[i][j] + y2[i][j]);
}

static void checksum(const char *name, const double *p, int count) {
  double s = 0.0, w = 0.0;
  int k;
  for (k = 0; k < count; k++) {
    s += p[k];
    w += fabs(p[k]) * (double)(k % 7 + 1);
  }
  printf("%s %.6g %.6g %.6g\n", name, s, w, p[count / 3]);
}

int main(void) {
  int w = 45, h = 37;
  int i, j;
  double(*imgIn)[h] = malloc(sizeof(double) * w * h);
  double(*imgOut)[h] = malloc(sizeof(double) * w * h);
  double(*y1)[h] = malloc(sizeof(double) * w * h);
  double(*y2)[h] = malloc(sizeof(double) * w * h);
  for (i = 0; i < w; i++)
    for (j = 0; j < h; j++)
      imgIn[i][j] = (double)((313 * i + 991 * j) % 65536) / 65535.0;
  kernel_deriche(w, h, 0.25, imgIn, imgOut, y1, y2);
  checksum("out", &imgOut[0][0], w * h);
  free(imgIn);
  free(imgOut);
  free(y1);
  free(y2);
  return 0;
}
