// expect: 7:23: error: stride(...): no kernel of this nest has a reduction whose work-items stride over iterations (a reduction over one mapped loop, or over more without 'cache')
/* A reduction over two mapped loops whose blocks `cache` stages runs one
 * iteration of them per work-item: its group loads the block of its
 * own iterations. */
float total(int n, float a[][100]) {
  float s = 0;
#pragma nu work(8, 8) stride(4) cache(a)
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < 99; j++)
      s += a[i - 1][j] + a[i + 1][j];
  return s;
}
