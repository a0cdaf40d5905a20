// expect: 14:5: error: 'acc[i][0 + j]': the rows of 'acc' have a run-time length, so nucc cannot
/* Rows of a VLA have a length nucc does not know as an expression (the
 * stub takes it from sizeof), so it cannot prove that add() stays in the
 * row it is handed: refused, pointing to a flat array (&a[i * m]) whose
 * row length the subscripts say. */
static void add(float *out, int n, float s) {
  for (int j = 0; j < n; j++)
    out[j] += s;
}

void rows(int n, int m, float (*acc)[m]) {
#pragma nu work(16)
  for (int i = 0; i < n; i++)
    add(&acc[i][0], m, (float)i);
}
