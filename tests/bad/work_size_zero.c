// expect: 4:17: error: work-group size 0
/* A constant work-group size must be positive. */
void fill(float *a, int n) {
#pragma nu work(0)
  for (int i = 0; i < n; i++)
    a[i] = 1.0f;
}
