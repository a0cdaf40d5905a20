// expect: 15:12: error: 'w[i]' in 'rowsum': a table of rows handed to a helper may only be subscripted down to its numbers (w[i][j]) or handed on whole to another helper
/* A helper handed a table of rows gets the kernel's copy of it: its
 * numbers and the offsets of its rows.  A row on its own (here handed on
 * to sum) would be a pointer of the host's, which the device does not
 * have, so nucc refuses it rather than print a wrong kernel. */
static float sum(const float *r, int m) {
  float s = 0;
  for (int j = 0; j < m; j++)
    s += r[j];
  return s;
}

static float rowsum(float **w, int i, int m) {
  float s = 0;
  s += sum(w[i], m);
  return s;
}

void f(float **w, float *y, int n, int m) {
#pragma nu work(16)
  for (int i = 0; i < n; i++)
    y[i] = rowsum(w, i, m);
}
