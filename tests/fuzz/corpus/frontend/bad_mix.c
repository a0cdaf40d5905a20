int h(int);
void f(int n, int *a, int *b) {
  int s = 0;
#pragma nu work(8, 8)
  for (int i = 0; i < n; i++) {
#pragma nu work(4)
    for (int j = 0; j < n; j++)
      a[b[i]] = h(s++);
  }
#pragma nu permut(2, 1) wrok
  for (int i = 0; i != n; i += 2)
    goto out;
out:;
}
