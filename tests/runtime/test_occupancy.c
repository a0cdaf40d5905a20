/* test_occupancy.c — occupancy.c's register caps, from build logs in the
 * format NVIDIA's OpenCL prints with -cl-nv-verbose and the H100's SM (64K
 * registers, 2048 resident work-items): the cap that fitted sgemm_opt a
 * fourth work-group (72 -> 64 registers, bench/results), none where the cut
 * would be over an eighth (Himeno's 64-register stencil), where the group
 * gained would be under an eighth more, or where threads, not registers,
 * are the limit. */
#define _GNU_SOURCE /* mkdtemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* the runtime's own header first: it includes nurt.h its own way */
#include "nurt_internal.h"

#include "check.h"

static const char log_text[] =
    "ptxas info    : 0 bytes gmem\n"
    "ptxas info    : Compiling entry function 'nu_main_41_2' for 'sm_90a'\n"
    "ptxas info    : Function properties for nu_main_41_2\n"
    "ptxas         .     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 32 registers, used 1 barriers\n"
    "ptxas info    : Compiling entry function 'nu_main_41' for 'sm_90a'\n"
    "ptxas info    : Function properties for nu_main_41\n"
    "ptxas         .     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 72 registers, used 1 barriers, 8448 bytes smem\n"
    "ptxas info    : Compiling entry function 'nu_main_4' for 'sm_90a'\n"
    "ptxas info    : Function properties for nu_main_4\n";

int main(void) {
  /* a reduction's stride (bench/results/red-stride-h100.txt): the H100
   * holds 132 x 2048 work-items, a quarter is 67,584.  Himeno M's stencil
   * (254 planes): 8 work-items along i of 16,384 each stride 32; under
   * dmine(1,1,2), 8,192 each, 8 x 8,192 is under the quarter: 16 of them,
   * striding 16.  L (510 planes) keeps 32 either way.  Another device
   * (floor 0) always strides 32; the count is a multiple of the group's
   * side, and a short loop strides by one at worst. */
  CHECK(nurt_occ_red_items(254, 1, 16384, 67584) == 8);
  CHECK(nurt_occ_red_items(254, 1, 8192, 67584) == 16);
  CHECK(nurt_occ_red_items(510, 1, 16384, 67584) == 16);
  CHECK(nurt_occ_red_items(254, 1, 8192, 0) == 8);
  CHECK(nurt_occ_red_items(254, 4, 16384, 0) == 8);
  CHECK(nurt_occ_red_items(254, 4, 64, 67584) == 256);
  CHECK(nurt_occ_red_items(3, 1, 10, 67584) == 3);
  CHECK(nurt_occ_red_items(0, 1, 10, 67584) == 0);
  /* a name that is a prefix of another is not it; a kernel the log names
   * without a count, or does not name, has none */
  CHECK(nurt_occ_registers(log_text, "nu_main_41") == 72);
  CHECK(nurt_occ_registers(log_text, "nu_main_41_2") == 32);
  CHECK(nurt_occ_registers(log_text, "nu_main_4") == 0);
  CHECK(nurt_occ_registers(log_text, "nu_other") == 0);
  CHECK(nurt_occ_registers(NULL, "nu_main_41") == 0);

  nurt_occ_device h100 = {65536, 2048};
  /* 72 registers: 3 groups of 256 per SM; 64 fit 4 */
  CHECK(nurt_occ_cap(72, 256, &h100) == 64);
  /* 64: 4 groups; 5 would need 48, a quarter fewer: no cap */
  CHECK(nurt_occ_cap(64, 256, &h100) == 0);
  /* 48: 5 groups; 6 would need 40, a sixth fewer: no cap */
  CHECK(nurt_occ_cap(48, 256, &h100) == 0);
  /* 34 registers, groups of 256: 6 groups; 32 fit 8, the thread limit */
  CHECK(nurt_occ_cap(34, 256, &h100) == 32);
  /* 32 registers: 8 groups of 256 already fill the SM's 2048 work-items */
  CHECK(nurt_occ_cap(32, 256, &h100) == 0);
  /* 130 registers, groups of 128: 3 groups; 4 fit with 128 */
  CHECK(nurt_occ_cap(130, 128, &h100) == 128);
  /* one more group must add an eighth at least: 8 groups of 128 with 64
   * registers become 9 with 56; 12 groups with 33 registers would become
   * 13 with 32, and adi's 21 groups of 8 with 90 registers 22 with 88 (a
   * second build for 1.3% of its kernel time): no cap */
  CHECK(nurt_occ_cap(64, 128, &h100) == 56);
  CHECK(nurt_occ_cap(33, 128, &h100) == 0);
  CHECK(nurt_occ_cap(90, 8, &h100) == 0);
  /* an unknown count, or no device, gives no cap */
  CHECK(nurt_occ_cap(0, 256, &h100) == 0);
  nurt_occ_device none = {0, 0};
  CHECK(nurt_occ_cap(72, 256, &none) == 0);
  /* the counts kept across processes: the lines that give them, under a
   * key of the parts, in NU_CACHE_DIR (made if missing) */
  char dir[] = "/tmp/nurt_occ_XXXXXX";
  CHECK(mkdtemp(dir));
  char sub[64];
  snprintf(sub, sizeof sub, "%s/a/b", dir);
  CHECK(setenv("NU_CACHE_DIR", sub, 1) == 0);
  const char *parts[] = {"source", "-cl-nv-verbose", "H100", "580"};
  const char *other[] = {"source", "-cl-nv-verbose", "H10", "0580"};
  uint64_t key = nurt_occ_key(parts, 4);
  CHECK(key != nurt_occ_key(other, 4));
  CHECK(nurt_occ_load(key) == NULL);
  nurt_occ_store(key, log_text);
  char *kept = nurt_occ_load(key);
  CHECK(kept && !strstr(kept, "gmem") && !strstr(kept, "Function properties"));
  CHECK(nurt_occ_registers(kept, "nu_main_41") == 72);
  CHECK(nurt_occ_registers(kept, "nu_main_41_2") == 32);
  free(kept);
  char path[128];
  snprintf(path, sizeof path, "%s/regs-%016llx.txt", sub, (unsigned long long)key);
  CHECK(remove(path) == 0);
  CHECK(rmdir(sub) == 0);
  snprintf(sub, sizeof sub, "%s/a", dir);
  CHECK(rmdir(sub) == 0 && rmdir(dir) == 0);
  puts("test_occupancy: ok");
  return 0;
}
