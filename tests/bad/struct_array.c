// expect: 13:12: error: array 'pts' of 'const struct point' cannot be used in a kernel: the device cannot hold a 'struct point' as the host lays it out: its member 'flags' is a bit-field
/* An array of structs with a bit-field: the device cannot be made to lay it
 * out as the host does, so the kernel cannot index it; the caret points at
 * the array name.  Structs of numbers, nested structs and arrays are fine. */
struct point {
  float x, y;
  unsigned flags : 3;
};

void norms(float *r, const struct point *pts, int n) {
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    r[i] = pts[i].x * pts[i].x + pts[i].y * pts[i].y;
}
