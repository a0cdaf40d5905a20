// expect: 9:3: error: the bounds of loop 'k' read 'd': nucc computes a mapped loop's trip count on the host, from an array of numbers (one-dimensional, or with rows of a constant length) that the kernel does not write (copy the bound to a variable before the loop)
/* A mapped loop's bound that reads an array the kernel writes: the stub
 * computes the trip count on the host before the launch, and cannot have
 * the values the kernel will write. */
void f(double *u, int d[3]) {
  int k;
#pragma nu work(32)
  /* the loop */
  for (k = 0; k < d[2]; k++) {
    u[k] = k;
    d[k % 3] = 1;
  }
}
