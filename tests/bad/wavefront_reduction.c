// expect: 7:12: error: work: under wavefront, the kernel of each hyperplane cannot hand back a reduction
/* Each hyperplane's launch would hand back a part of the sum. */
double sweep(int n, double (*A)[n]) {
  int i, j;
  double s = 0;
  /* the sum goes in a nest of its own */
#pragma nu work(32) wavefront(1, 1)
  for (i = 1; i < n; i++)
    for (j = 1; j < n; j++) {
      A[i][j] = (A[i - 1][j] + A[i][j - 1]) * 0.5;
      s += A[i][j];
    }
  return s;
}
