/* A function the kernel's array escapes to reads it: nucc leaves its body
 * alone, page protection catches the read, and NU_PROFILE says where the
 * faulting code is (the function's name, or the offset addr2line takes).
 * Where the array is not protected (the sanitizer build's allocator), the
 * escape before the call copies it back, and the profile says so. */
#include <stdio.h>
#include <stdlib.h>

static double every_100th(const double *a, int n) {
  double s = 0;
  for (int i = 0; i < n; i += 100)
    s += a[i];
  return s;
}

int main(void) {
  int n = 1 << 20;
  double *a = malloc(sizeof(double) * (size_t)n);
  for (int i = 0; i < n; i++)
    a[i] = i;
  double t = 0;
  for (int s = 0; s < 3; s++) {
#pragma nu work(64)
    for (int i = 0; i < n; i++)
      a[i] = a[i] + 1.0;
    t += every_100th(a, n);
  }
  printf("%g\n", t);
  free(a);
  return 0;
}
// clang-format off
// profile: ^a \(first used by nu_main_24 at .*fault_cause\.c:24\) +8388608 +3 .* 3 +25165824
// profile: ^    to device: 3 x kernel nu_main_24 \(.*fault_cause\.c:24\)$
// profile: ^    to host  : 3 x (page fault in host code nucc did not translate, (in every_100th\(\)|at .*\+0x[0-9a-f]+ \(addr2line -f -e .* 0x[0-9a-f]+ names the function\))|a call or return nucc cannot see through \(nurt_escape\))$
// profile: avoidable\? copied to the device and back 3 times
// clang-format on
