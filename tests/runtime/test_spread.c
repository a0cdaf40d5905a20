/* test_spread.c — nurt_spread_groups, which lets a bare `work` reach every
 * compute unit with a short loop: it only ever halves work-group sizes,
 * outermost dimension first and the innermost not below a warp of 32,
 * keeps the NDRange a multiple of the groups, leaves a large NDRange alone,
 * and the launch still computes the right numbers. */
#include "check.h"

static nurt_module mod = {TEST_KERNELS, "test_spread.c", 0, NULL};

static size_t groups(unsigned dims, const size_t *g, const size_t *l) {
  size_t n = 1;
  for (unsigned d = 0; d < dims; d++)
    n *= g[d] / l[d];
  return n;
}

int main(void) {
  enum { N = 300 };
  float *a = malloc(N * sizeof *a);
  CHECK(a);
  for (int i = 0; i < N; i++)
    a[i] = (float)i;
  launch_scale(&mod, 1, a, N, 2); /* the device is chosen */

  /* large: nothing to spread */
  size_t g1[1] = {(size_t)1 << 30}, l1[1] = {256};
  nurt_spread_groups(1, g1, l1);
  CHECK(l1[0] == 256);

  /* one group of 256: halved, to a warp at the least */
  size_t g2[1] = {256}, l2[1] = {256};
  nurt_spread_groups(1, g2, l2);
  CHECK(l2[0] >= 32 && l2[0] < 256 && 256 % l2[0] == 0);
  /* the same loop twice as long never gets smaller groups */
  size_t g3[1] = {512}, l3[1] = {256};
  nurt_spread_groups(1, g3, l3);
  CHECK(l3[0] >= l2[0] && g3[0] % l3[0] == 0);
  /* above the floor it stopped because the groups were enough: two at the
   * least (two per compute unit) */
  CHECK(l2[0] == 32 || groups(1, g2, l2) >= 2);

  /* 2-D: the outer dimension shrinks first; the inner one, already under a
   * warp, stays */
  size_t g4[2] = {16, 16}, l4[2] = {16, 16};
  nurt_spread_groups(2, g4, l4);
  CHECK(l4[0] == 16 && l4[1] < 16 && 16 % l4[1] == 0);

  /* never below a warp: 96 becomes 48, not 24 */
  size_t g5[1] = {96}, l5[1] = {96};
  nurt_spread_groups(1, g5, l5);
  CHECK(l5[0] == 48);

  /* and a launch with spread groups computes what it should */
  size_t global = 256, local = 256;
  long long n = 250;
  float s = 3;
  nurt_spread_groups(1, &global, &local);
  nurt_launch *l = nurt_launch_begin(&mod, "scale", 2);
  nurt_arg_buffer(l, a, (size_t)n * sizeof *a, NURT_INOUT);
  nurt_arg_value(l, &s, sizeof s);
  nurt_arg_value(l, &n, sizeof n);
  nurt_launch_end(l, 1, &global, &local);
  nurt_host_access(a, 0);
  for (int i = 0; i < N; i++)
    CHECK(a[i] == (float)i * (i < 250 ? 6.0f : 2.0f));
  nurt_free(a);
  puts("test_spread: ok");
  return 0;
}
