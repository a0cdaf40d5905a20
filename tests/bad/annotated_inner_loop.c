// expect: 9:12: error: 'work' on a loop inside an annotated nest
/* An annotation on a loop in the body of an annotated nest (here after a
 * statement, so not perfectly nested) that offloads it again is refused at
 * its annotation, not applied twice or ignored. */
void rows(float *a, int n, int m) {
#pragma nu work(16)
  for (int i = 0; i < n; i++) {
    a[i * m] = 0.0f;
#pragma nu work(8)
    for (int j = 1; j < m; j++)
      a[i * m + j] = (float)j;
  }
}
