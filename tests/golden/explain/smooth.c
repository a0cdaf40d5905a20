/* smooth.c — a nest with dependences for --explain=html: each row reads
 * the row above, so the pictures draw arrows; interchange and tiling keep
 * them (the arrows never point back along the path), and work maps the
 * column tiles, which carry none. */
void smooth(int n, int m, float (*a)[m]) {
#pragma nu work(2) tilem(4,4) permut(2,1)
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i][j] = 0.5f * (a[i - 1][j] + a[i][j]);
}
