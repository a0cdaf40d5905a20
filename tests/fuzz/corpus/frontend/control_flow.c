void steps(int n, int m, int *a, const int *b) {
#pragma nu work(32)
  for (unsigned i = 0; i < n; i += 1) {
    int k = 0, t = b[i];
    while (t > 1 && k < m) {
      if (t & 1)
        t = 3 * t + 1;
      else
        t >>= 1;
      k++;
    }
    do {
      k--;
    } while (k > 100);
    for (int j = m - 1; j >= 0; --j) {
      if (j == 3)
        continue;
      a[i] += j;
    }
    a[i] = (short)k + (a[i] ? 1 : 0);
  }
}
