// expect: 10:5: error: vector(4): kernel nu_scale_9 runs the loop over 'j' lane by lane: 'a' is a table of rows [-Werror=nucc-vector-lanes]
// nucc-flags: -Werror=nucc-vector-lanes
/* a table of rows (float **) has no row length to align a vector by: the
 * kernel runs the vector loop lane by lane, with the same results, and
 * -Wnucc-vector-lanes says so (an error here). */
void scale(int n, int m, float **a, float (*b)[m]) {
  // the caret goes under the vector loop's for
#pragma nu work(4, 16) vector(1, 4)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      b[i][j] = 2.0f * a[i][j];
}
