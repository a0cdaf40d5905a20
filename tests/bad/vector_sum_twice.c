// expect: 7:28: error: vector: the body of loop 'i' cannot run as vectors
// expect-note: 's' is accumulated into by more than one statement
/* Two statements summing into one scalar would, lanes by statement, add
 * in another order than the loop's: one `+=` per sum. */
double two(int n, const double *a, const double *b) {
  double s = 0.0;
#pragma nu work(64) vector(2)
  for (int i = 0; i < n; i++) {
    s += a[i];
    s += b[i];
  }
  return s;
}
