// expect: 5:27: error: cache(a): the kernel writes 'a'
/* Only arrays the kernel only reads can be staged in local memory. */
void smooth(float *a, int n) {
  // the caret goes under the array's name
#pragma nu work(64) cache(a)
  for (int i = 1; i < n - 1; i++)
    a[i] = a[i] * 0.5f;
}
