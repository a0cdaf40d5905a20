// expect: 9:5: error: two elements of one array may be the same, and a reduction uses one operator
/* Two element reductions of one array with different operators: when
 * i == k they are the same element, and folding a sum and a product into it
 * one after the other is not what the loop computes. */
void sum_and_product(const double *a, double *x, int n, int i, int k) {
  int j;
#pragma nu work(64)
  for (j = 0; j < n; j++) {
    x[i] += a[j];
    x[k] *= a[j];
  }
}
