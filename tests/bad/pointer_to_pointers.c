// expect: 9:7: error: 'a' is a pointer to pointers that is no table of rows nucc can copy
/* float ****a is a table of tables of tables of rows: nurt copies tables of
 * two and three levels (float **, double ***), not deeper: refused. */
void fill(float ****a, int n) {
#pragma nu work(8, 8)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      // the caret goes under the array
      a[i][j][0][0] = (float)(10 * i + j);
}
