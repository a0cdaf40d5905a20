/* lsan_dtls.c — the cause of LeakSanitizer's "Tracer caught signal 11" at
 * exit (issue 33), made deterministic.  The sanitizer runtime of GCC 12 (and
 * of GCC <= 13, LLVM <= 16) intercepts __tls_get_addr and, when a dynamic TLS
 * block starts 16 bytes into a page, takes it for glibc 2.19's layout and
 * reads the 16 bytes before it as the block's {start, size}.  Since glibc
 * 2.25 those bytes are someone else's (here ASan's own chunk header); the
 * leak check at exit then scans that bogus range and its tracer dies.  PoCL
 * and its LLVM use dynamic TLS, and where malloc puts their blocks depends
 * on thread timing: so 1 test in a few hundred failed, more often under
 * load.  This program puts the block there on purpose: its module's first
 * TLS access comes right after a 16-byte block that ends a page.  It exits 0
 * under the tests' ASAN_OPTIONS (intercept_tls_get_addr=0, tests/CMakeLists.txt);
 * without them it fails every time.  Exit 77 (skipped) if the allocator does
 * not lay the blocks out as expected. */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static void *keep[8192]; /* reachable: not leaks */

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  void *h = dlopen(argv[1], RTLD_NOW);
  if (!h) {
    fprintf(stderr, "lsan_dtls: %s\n", dlerror());
    return 2;
  }
  int *(*addr)(void) = (int *(*)(void))(uintptr_t)dlsym(h, "lsan_dtls_counter");
  if (!addr)
    return 2;
  /* ASan serves 16-byte blocks one after another in 32-byte chunks: stop
   * where the next one starts 16 bytes into a page */
  int n = 0;
  while (n < 8192) {
    keep[n] = malloc(4);
    if ((uintptr_t)keep[n++] % 4096 == 4096 - 16)
      break;
  }
  int *p = addr(); /* the first access: glibc mallocs the module's TLS block */
  *p = 1;
  if ((uintptr_t)p % 4096 != 16) {
    printf("lsan_dtls: the TLS block is at %p, not 16 bytes into a page: not tested\n", (void *)p);
    return 77;
  }
  printf("lsan_dtls: the TLS block is at %p, 16 bytes into a page\n", (void *)p);
  return 0;
}
