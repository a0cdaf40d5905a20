// expect: 6:26: error: function 'f' called from a kernel updates 'calls', declared at file scope: every work-item would write it
/* A helper may read file-scope scalars (passed by value) but not update
 * one: every work-item would (under --openmp the loop stays on the host). */
static int calls;

static double f(int i) { calls += 1; return i * 2.0; }

void g(double *a, int n) {
#pragma nu size(a: n)
#pragma nu work(32)
  for (int i = 0; i < n; i++)
    a[i] = f(i);
}
