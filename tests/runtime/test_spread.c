/* test_spread.c — nurt_fit_groups (below), and nurt_spread_groups, which lets a bare `work` reach
 * every compute unit with a short loop: it only ever halves work-group sizes, outermost dimension
 * first and the innermost not below 8 work-items, keeps the NDRange a multiple of the groups,
 * leaves a large NDRange alone, and the launch still computes the right numbers. */
#include "check.h"

static nurt_module mod = {TEST_KERNELS, "test_spread.c", 0, NULL, 0};

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

  /* one group of 256: halved, to 8 work-items at the least */
  size_t g2[1] = {256}, l2[1] = {256};
  nurt_spread_groups(1, g2, l2);
  CHECK(l2[0] >= 8 && l2[0] < 256 && 256 % l2[0] == 0);
  /* the same loop twice as long never gets smaller groups */
  size_t g3[1] = {512}, l3[1] = {256};
  nurt_spread_groups(1, g3, l3);
  CHECK(l3[0] >= l2[0] && g3[0] % l3[0] == 0);
  /* above the floor it stopped because the groups were enough: two at the
   * least (two per compute unit) */
  CHECK(l2[0] == 8 || groups(1, g2, l2) >= 2);

  /* 2-D: the outer dimension shrinks first; the inner one stays */
  size_t g4[2] = {16, 16}, l4[2] = {16, 16};
  nurt_spread_groups(2, g4, l4);
  CHECK(l4[1] < 16 && 16 % l4[1] == 0 && (l4[0] == 16 || l4[1] == 1));
  CHECK(l4[0] >= 8 && 16 % l4[0] == 0);

  /* never below 8 (a group on one compute unit, whatever their number):
   * 24 becomes 12, not 6 */
  size_t g5[1] = {24}, l5[1] = {24};
  nurt_spread_groups(1, g5, l5);
  CHECK(l5[0] == 12);

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

  /* nurt_fit_groups: a dimension with fewer iterations than its side (a
   * dmine remainder of 2 in groups of 1 x 4 x 64, NDRange order z, y, x)
   * shrinks to them, and the next dimension takes the factor */
  long long n3[3] = {2, 510, 510};
  size_t g6[3] = {64, 512, 510}, l6[3] = {64, 4, 1};
  nurt_fit_groups(3, n3, g6, l6);
  CHECK(l6[0] == 2 && l6[1] == 128 && l6[2] == 1);
  CHECK(g6[0] == 2 && g6[1] == 512 && g6[2] == 510);
  /* a factor that is no power of two: what doubling gives */
  long long n2[2] = {3, 1000};
  size_t g7[2] = {64, 1000}, l7[2] = {64, 4};
  nurt_fit_groups(2, n2, g7, l7);
  CHECK(l7[0] == 3 && l7[1] == 64 && g7[0] == 3 && g7[1] == 1024);
  /* the next dimension takes only what its iterations fill */
  long long n4[2] = {2, 6};
  size_t g8[2] = {64, 8}, l8[2] = {64, 4};
  nurt_fit_groups(2, n4, g8, l8);
  CHECK(l8[0] == 2 && l8[1] == 4 && g8[1] == 8);
  /* long enough everywhere: as given; an empty launch too */
  long long n5[2] = {256, 256}, n6[2] = {0, 5};
  size_t g9[2] = {256, 256}, l9[2] = {64, 4};
  nurt_fit_groups(2, n5, g9, l9);
  CHECK(l9[0] == 64 && l9[1] == 4 && g9[0] == 256 && g9[1] == 256);
  nurt_fit_groups(2, n6, g9, l9);
  CHECK(l9[0] == 64 && l9[1] == 4);
  puts("test_spread: ok");
  return 0;
}
