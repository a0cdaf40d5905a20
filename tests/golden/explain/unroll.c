/* unroll.c — unroll(4): the body four times per iteration, then a
 * remainder loop for the last n % 4 iterations. */
void axpy(int n, float s, const float *x, float *y) {
#pragma nu unroll(4)
  for (int i = 0; i < n; i++)
    y[i] += s * x[i];
}
