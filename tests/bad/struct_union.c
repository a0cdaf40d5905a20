// expect: 12:5: error: array 'v' of 'union num' cannot be used in a kernel: the device cannot hold a 'union num' as the host lays it out: it is a union
/* A union's members share their bytes: nucc does not lay them out on the
 * device, and says so at the array. */
union num {
  double d;
  long long bits;
};

void halve(union num *v, int n) {
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    v[i].d *= 0.5;
}
