// expect: 17:5: error: 'acc[i][0 + j]': the helper may reach past the end of the row of 'acc'
/* add() is handed the address of row i's first element and writes 2 * M
 * elements from it: past row i into row i + 1, which work-item i + 1
 * writes too.  nucc names the helper's elements by row and column, so it
 * refuses a helper that may leave the row it is handed rather than miss
 * that dependence (and copy too few rows). */
#define M 8

static void add(float *out, int n, float s) {
  for (int j = 0; j < n; j++)
    out[j] += s;
}

void twice(float (*acc)[M], int n) {
#pragma nu work(16)
  for (int i = 0; i < n; i++)
    add(&acc[i][0], 2 * M, (float)i);
}
