// expect: 5:23: error: stride(...): no kernel of this nest has a reduction whose work-items stride over iterations (a reduction over one mapped loop, or over more without 'cache')
/* Only a reduction's work-items stride over the outermost mapped loop:
 * elsewhere each runs one iteration, and stride would say nothing. */
void init(int n, float a[][100]) {
#pragma nu work(8, 8) stride(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 100; j++)
      a[i][j] = i + j;
}
