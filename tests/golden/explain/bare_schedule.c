/* bare_schedule.c — `work` alone on a sum over a batch of frames: only the
 * two innermost loops are parallel.  isl's schedule brings them out,
 * permut(4,5,1,2,3), past the first four loops that nucc's own search
 * permutes (which found only work(256) permut(4,1,2,3)). */
void batch_sum(int n, int h, int w, float (*img)[w], float (*f)[n][n][h][w]) {
#pragma nu work
  for (int s = 0; s < n; s++)
    for (int t = 0; t < n; t++)
      for (int c = 0; c < n; c++)
        for (int y = 0; y < h; y++)
          for (int x = 0; x < w; x++)
            img[y][x] += f[s][t][c][y][x];
}
