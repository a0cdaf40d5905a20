/* extent_fallback.c — subscripts isl's region.c leaves to extent.c (a loop
 * index times a scalar is not affine), one for each form of bound: strided
 * and strip-mined loops, shifts, divisions, remainders, products by
 * constants of either sign, negation, a clamp at the grid's edge, a member
 * path and a cast. */
struct grid {
  int nx, ny;
  float *v;
};

void fallback(float *a, float *b, float *c, float *d, struct grid *g, int n, int m, int lo) {
#pragma nu work(8) independent
  for (int i = 0; i < n; i++) {
    for (int j = lo; j < m; j += 2)
      a[i * m + j] += 1.0f;
    for (int jj = 0; jj < m; jj += 4)
      for (int j = jj; j < jj + 4; j += 2)
        b[i * m + j] += 1.0f;
    for (int j = 0; j < m; j++) {
      c[(i * m + j) >> 1] += 1.0f;
      c[(i * m + j) << 2] += 1.0f;
      c[(i * m + j) / 3 + (j % 4)] += 1.0f;
      d[3 * (i * m) + j] += 1.0f;
      d[i * m - 2 * j + 4 * m] += 1.0f;
      d[-(i * m) + n * m] += 1.0f;
      d[(long)(i * m) + (j == 0 ? j : j - 1)] += 1.0f;
      g->v[i * g->nx + (j < m - 1 ? j + 1 : j)] += 1.0f;
    }
  }
}
