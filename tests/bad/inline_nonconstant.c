// expect: 5:12: error: inline: the trip count of loop 'i' is not a compile-time constant
/* inline needs a trip count known when compiling. */
void scale(float *a, int n) {
  // the caret goes under the annotation
#pragma nu inline
  for (int i = 0; i < n; i++)
    a[i] = 2.0f * a[i];
}
