// expect: 11:5: error: this assert is not checked in the kernel: OpenCL C cannot stop the program [-Werror=nucc-kernel-assert]
// nucc-flags: -Werror=nucc-kernel-assert
/* Who wants every assert checked makes the warning an error. */
#include <assert.h>

void f(float *a, int n) {
#pragma nu size(a: n)
#pragma nu work(64)
  for (int i = 0; i < n; i++) {
    a[i] = a[i] * 2;
    assert(a[i] >= 0);
  }
}
