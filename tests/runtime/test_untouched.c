/* test_untouched.c — proves that the entry points host code calls work before
 * any kernel ran without touching OpenCL: ctest runs it with a NU_DEVICE that
 * matches no device, so any device set-up would exit with status 1. */
#include "check.h"

int main(void) {
  CHECK(!nurt_host_mode());
  nurt_free(NULL);
  float *p = nurt_realloc(NULL, 100 * sizeof *p);
  CHECK(p);
  p[0] = 1;
  nurt_host_access(p, 0);
  nurt_host_access(p, 1);
  nurt_host_access(NULL, 0);
  p = nurt_realloc(p, 200 * sizeof *p);
  CHECK(p && p[0] == 1);
  nurt_sync_all();
  nurt_wait();
  nurt_stats s;
  nurt_get_stats(&s);
  CHECK_EQ(s.launches, 0);
  CHECK_EQ(s.copies_to_device + s.copies_to_host, 0);
  nurt_free(p);
  puts("test_untouched: ok");
  return 0;
}
