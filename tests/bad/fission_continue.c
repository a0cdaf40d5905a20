// expect: 8:7: error: fission: 'continue' leaves an iteration of loop 'i'
/* A continue of the distributed loop skips the statements after it, which
 * distribution would put in another loop: refused at the continue. */
void skip(int n, float *a, float *b) {
#pragma nu work(64) fission
  for (int i = 0; i < n; i++) {
    if (a[i] < 0)
      continue;
    b[i] = a[i] * 2.0f;
  }
}
