/* imgconv_base.c — bench row "imgconv", base form: NUDA's 3×3 filter over the
 * interior of a W×W float image, `work(16, 16)` as in examples/imgconv.c.
 * Rate: GB/s counting 8 bytes per pixel (one read, one write).
 * Usage: imgconv_base [W [INNER]]   (default 4096; INNER launches per timing) */
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
  int inner = argc > 2 ? atoi(argv[2]) : 20;
  float(*in)[w] = malloc(sizeof(float[w][w]));
  float(*out)[w] = malloc(sizeof(float[w][w]));
  if (w < 3 || inner < 1 || !in || !out)
    return 2;
  for (int y = 0; y < w; y++)
    for (int x = 0; x < w; x++)
      out[y][x] = in[y][x] = (float)((x * 13 + y * 7) % 256) / 255.0f;
  const float wc = 0.25f, we = 0.125f, wd = 0.0625f;

  double best = 1e30;
  for (int rep = 0; rep < 6; rep++) { /* rep 0 warms up */
    double t0 = now_ms();
    for (int it = 0; it < inner; it++) {
#pragma nu work(16, 16)
      for (int y = 1; y < w - 1; y++)
        for (int x = 1; x < w - 1; x++) {
          float edges = in[y - 1][x] + in[y + 1][x] + in[y][x - 1] + in[y][x + 1];
          float corners = in[y - 1][x - 1] + in[y - 1][x + 1] + in[y + 1][x - 1] + in[y + 1][x + 1];
          out[y][x] = wc * in[y][x] + we * edges + wd * corners;
        }
    }
#pragma nu wait
    double t = (now_ms() - t0) / inner;
    if (rep > 0 && t < best)
      best = t;
  }
  double sum = 0.0;
  for (int y = 0; y < w; y++)
    for (int x = 0; x < w; x++)
      sum += out[y][x] * (double)((x + 3 * y) % 7 + 1);
  printf("imgconv W=%d checksum %.6e\n", w, sum);
  fprintf(stderr, "best time: %.4f ms, %.2f GB/s\n", best, 8.0 * w * w / (best * 1e6));
  free(in), free(out);
  return 0;
}
