struct grid { int rows, cols; float *data; };
static float sq(float v) { return v * v; }
static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
void square(struct grid *g, float *out) {
#pragma nu work(8, 8) size(g->data: g->rows * g->cols)
  for (int r = 0; r < g->rows; r++)
    for (int c = 0; c < g->cols; c++) {
      int cc = clampi(c + 1, 0, g->cols - 1);
      out[r * g->cols + c] = sq(g->data[r * g->cols + cc]);
    }
}
