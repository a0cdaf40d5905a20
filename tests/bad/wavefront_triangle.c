// expect: 8:17: error: wavefront: the bounds of loop 'j' depend on 'i'
/* The hyperplanes of a triangle would need bounds for w that the loops'
 * corners do not give. */
void sweep(int n, double (*A)[n]) {
  int i, j;
#pragma nu work(32) wavefront(1, 1)
  for (i = 1; i < n; i++)
    for (j = 1; j < i; j++)
      A[i][j] = (A[i - 1][j] + A[i][j - 1]) * 0.5;
}
