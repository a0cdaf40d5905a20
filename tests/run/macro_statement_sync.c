/* macro_statement_sync.c — regression test: a host statement that a macro
 * expands to an `if` (PolyBench's polybench_prevent_dce(print(...))) after a
 * kernel.  nucc used to take the macro invocation for an array name and
 * wrap it: `nurt_host_access(prevent_dce(...), 0);`, which cc rejects.  The
 * syncs go beside the statement; the printed sums prove the kernel's
 * results reach the host. */
#include <stdio.h>
#include <string.h>

#define prevent_dce(call)                                                                          \
  if (argc < 42 && strcmp(argv[0], "") != 0)                                                       \
  call
#define DUMP(arr) print_sum(n, arr)

static void print_sum(int n, double *a) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * (double)(i % 7 + 1);
  printf("sum %.6f\n", s);
}

/* touches no array: a call to it needs no sync of its own, so only the
 * macro's `argv[0]` asked for one */
static void show(int n) { printf("n %d\n", n); }

int main(int argc, char **argv) {
  enum { N = 1000 };
  static double a[N], b[N];
  int n = N;
  for (int i = 0; i < n; i++)
    b[i] = 0.5 * i;
#pragma nu work(64)
  for (int i = 0; i < n; i++)
    a[i] = 2.0 * b[i] + 1.0;
  prevent_dce(show(n));
  prevent_dce(print_sum(n, a));
  prevent_dce(DUMP(a));
  if (n > 0)
    prevent_dce(print_sum(n, b));
  return 0;
}
