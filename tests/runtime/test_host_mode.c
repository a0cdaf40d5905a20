/* test_host_mode.c — proves nurt_host_mode() follows NU_DEVICE=host: run as
 * `test_host_mode 1` under NU_DEVICE=host (any case) and `test_host_mode 0`
 * otherwise.  In host mode the host-side entry points touch no OpenCL. */
#include <string.h>

#include "check.h"

int main(int argc, char **argv) {
  CHECK(argc == 2);
  int want = atoi(argv[1]);
  CHECK(nurt_host_mode() == want);
  CHECK(nurt_host_mode() == want); /* cached, still the same */
  float *p = malloc(16 * sizeof *p);
  CHECK(p);
  nurt_host_access(p, 1);
  nurt_sync_all();
  nurt_free(p);
  puts("test_host_mode: ok");
  return 0;
}
