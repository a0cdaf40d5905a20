// expect: 11:12: error: struct
/* An array of structs inside a kernel: its elements are not scalars and the
 * kernel cannot index them; the caret points at the array name. */
struct point {
  float x, y;
};

void norms(float *r, const struct point *pts, int n) {
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    r[i] = pts[i].x * pts[i].x + pts[i].y * pts[i].y;
}
