// expect: 8:28: error: the start of loop 'j' depends on 'i', so its step must be 1 or -1
/* The inner loop's start moves with i and its step is 2: the points of
 * the bounding box that the host launches would not all be iterations of
 * the loop, nor every iteration a point of the box's lattice. */
void upper(int n, float a[n][n]) {
#pragma nu work(8,8)
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j += 2)
      a[i][j] = 0.0f;
}
