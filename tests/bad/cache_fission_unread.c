// expect: 7:40: error: cache(D): 'D' is not an array that any kernel of the nest reads
/* After fission each kernel stages what it reads; a name that no kernel
 * reads is still an error. */
void scale_then_add(int n, float a[][64], float b[][64], float D[][64]) {
  int i, j;
  // the caret goes under the name
#pragma nu work(8, 8) fission cache(b, D)
  for (i = 0; i < n; i++) {
    for (j = 0; j < 64; j++)
      a[i][j] *= 2.0f;
    for (j = 0; j < 64; j++)
      a[i][j] += b[i][j];
  }
}
