/* bare_upper.c — the upper triangle of a matrix, walked by columns as old
 * code may: isl's schedule maps both loops, and so does nucc, though i's
 * bound depends on j: the host launches the bounding box and each
 * work-item tests its own bounds (tests/golden/bare_chains.sh). */
void upper(int n, double (*a)[n], double (*b)[n]) {
#pragma nu work
  for (int j = 0; j < n; j++)
    for (int i = 0; i <= j; i++)
      a[i][j] = 2.0 * b[i][j] + a[i][j];
}
