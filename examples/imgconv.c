/* imgconv.c — NUDA's 3×3 image filter: a Gaussian blur of a W×H float image.
 * Every interior pixel becomes a weighted sum of its 3×3 neighbourhood; the
 * one-pixel border keeps its input value.  `#pragma nu work(16,16)` maps the
 * y,x nest of interior pixels to a 2-D NDRange.
 * Usage: imgconv [W [H]]    (default 4096 × 4096) */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

int main(int argc, char **argv) {
  int w = argc > 1 ? atoi(argv[1]) : 4096;
  int h = argc > 2 ? atoi(argv[2]) : w;
  if (w < 3 || h < 3) {
    fprintf(stderr, "usage: imgconv [W >= 3 [H >= 3]]\n");
    return 2;
  }
  float(*in)[w] = malloc(sizeof(float[h][w]));
  float(*out)[w] = malloc(sizeof(float[h][w]));
  if (!in || !out) {
    fprintf(stderr, "imgconv: out of memory\n");
    return 1;
  }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      in[y][x] = (float)((x * 13 + y * 7) % 256) / 255.0f;
      out[y][x] = in[y][x]; /* the border stays as it is */
    }
  /* Filter weights: centre, edge neighbours, corner neighbours (sum 1). */
  const float wc = 0.25f, we = 0.125f, wd = 0.0625f;
  printf("imgconv W=%d H=%d\n", w, h);

  double t0 = now_ms();
#pragma nu work(16, 16)
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++) {
      float edges = in[y - 1][x] + in[y + 1][x] + in[y][x - 1] + in[y][x + 1];
      float corners = in[y - 1][x - 1] + in[y - 1][x + 1] + in[y + 1][x - 1] + in[y + 1][x + 1];
      out[y][x] = wc * in[y][x] + we * edges + wd * corners;
    }
#pragma nu wait
  double t1 = now_ms();

  double sum = 0.0, wsum = 0.0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      sum += out[y][x];
      wsum += out[y][x] * (double)((x + 3 * y) % 7 + 1);
    }
  printf("checksum %.6e weighted %.6e\n", sum, wsum);
  printf("out[1][1]=%.6f out[h/2][w/2]=%.6f out[h-2][w-2]=%.6f\n", out[1][1], out[h / 2][w / 2],
         out[h - 2][w - 2]);
  printf("kernel time: %.3f ms\n", t1 - t0);
  free(in);
  free(out);
  return 0;
}
