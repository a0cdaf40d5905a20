// expect: 6:26: error: function 'f' called from a kernel writes 'last', declared at file scope: every work-item would write it
/* A file-scope scalar that a helper assigns would be written by every
 * work-item. */
static double last;

static double f(int i) { last = i; return i * 2.0; }

void g(double *a, int n) {
#pragma nu size(a: n)
#pragma nu work(32)
  for (int i = 0; i < n; i++)
    a[i] = f(i);
}
