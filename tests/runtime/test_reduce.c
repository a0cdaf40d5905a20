/* test_reduce.c — a reduction's result folded in lazily (nurt_red_*):
 * launches of one kernel into one variable combine on the device and the
 * host waits once, at the fold; a pending block is never handed to another
 * state's launch (a recursive call); a drop forgets the pending value; a
 * launch of another kernel folds the pending one first; a state that died
 * with its fold pending gives its block back to the next state at its
 * address; a launch after a result dropped unread leaves its groups'
 * partials, which the fold sums on the host.  Checks values, blocks and
 * nurt_get_stats's copies. */
#include <string.h>

#include "check.h"

/* One work-item stands for the last work-group of a generated kernel. */
static nurt_module mod = {
    "__kernel void add(__global float *res, long res_off, int acc, float v) {\n"
    "  res = (__global float *)((__global char *)res + res_off);\n"
    "  res[0] = acc == 1 ? res[0] + v : v;\n"
    "}\n"
    "/* four groups' partials: acc 2 leaves them, as a generated kernel does */\n"
    "__kernel void addp(__global float *res, long res_off, int acc, __global float *part,\n"
    "                   float v) {\n"
    "  res = (__global float *)((__global char *)res + res_off);\n"
    "  for (int g = 0; g < 4; g++)\n"
    "    part[g] = v / 4 + g;\n"
    "  if (acc != 2)\n"
    "    res[0] = acc == 1 ? res[0] + v + 6 : v + 6;\n"
    "}\n",
    "test_reduce.c", 0, NULL, 0};

static const char key_a[] = "add.x", key_b[] = "add.y";

static void fold_sum(void *var, const void *res) { *(float *)var += *(const float *)res; }

/* What a stub does: the result block, the launch, the pending fold. */
static float *launch_add(nurt_red *r, float *var, const char *key, float v, int *acc_out) {
  int acc;
  float *res = nurt_red_result(r, var, key, sizeof(float), &acc);
  size_t one = 1;
  nurt_launch *l = nurt_launch_begin(&mod, "add", 1);
  nurt_arg_buffer(l, res, sizeof(float), NURT_OUT);
  nurt_arg_value(l, &acc, sizeof acc);
  nurt_arg_value(l, &v, sizeof v);
  nurt_launch_end(l, 1, &one, &one);
  nurt_red_defer(r, var, res, fold_sum);
  if (acc_out)
    *acc_out = acc;
  return res;
}

/* The same with partials (nurt_arg_partials): the launch adds v + 6. */
static void launch_addp(nurt_red *r, float *var, float v, int *acc_out) {
  int acc;
  float *res = nurt_red_result(r, var, "addp.x", sizeof(float), &acc);
  size_t one = 1;
  nurt_launch *l = nurt_launch_begin(&mod, "addp", 1);
  nurt_arg_buffer(l, res, sizeof(float), NURT_OUT);
  nurt_arg_value(l, &acc, sizeof acc);
  nurt_arg_partials(l, res, "addp.part.x", 4 * sizeof(float));
  nurt_arg_value(l, &v, sizeof v);
  nurt_launch_end(l, 1, &one, &one);
  nurt_red_defer(r, var, res, fold_sum);
  *acc_out = acc;
}

static unsigned long copies_back(void) {
  nurt_stats s;
  nurt_get_stats(&s);
  return s.copies_to_host;
}

/* A time loop: ten launches, one copy back, at the fold. */
static void loop_waits_once(void) {
  nurt_red r = {0};
  float x = 1;
  unsigned long before = copies_back();
  for (int t = 0; t < 10; t++) {
    int acc;
    launch_add(&r, &x, key_a, (float)t, &acc);
    CHECK_EQ(acc, t > 0);
  }
  CHECK_EQ(copies_back(), before);
  CHECK(x == 1);
  nurt_red_fold(&r);
  CHECK(x == 46);
  CHECK(r.res == NULL);
  CHECK_EQ(copies_back(), before + 1);
  nurt_red_fold(&r); /* nothing pending: nothing happens */
  CHECK(x == 46);
  CHECK_EQ(copies_back(), before + 1);
}

/* A recursive call launches the same kernel while the outer fold waits. */
static void held_block_is_not_shared(void) {
  nurt_red outer = {0}, inner = {0};
  float x1 = 0, x2 = 0;
  float *b1 = launch_add(&outer, &x1, key_a, 5, NULL);
  float *b2 = launch_add(&inner, &x2, key_a, 7, NULL);
  CHECK(b1 != b2);
  nurt_red_fold(&inner);
  nurt_red_fold(&outer);
  CHECK(x1 == 5 && x2 == 7);
}

/* `x = 0` forgets the pending value; the next launch starts afresh. */
static void drop_forgets(void) {
  nurt_red r = {0};
  float x = 3;
  launch_add(&r, &x, key_a, 100, NULL);
  nurt_red_drop(&r);
  x = 0;
  int acc;
  launch_add(&r, &x, key_a, 2, &acc);
  CHECK_EQ(acc, 2); /* a result dropped unread: this launch may leave its partials */
  nurt_red_fold(&r);
  CHECK(x == 2); /* add ignores that, and nurt_arg_partials was not called */
}

/* After a result dropped unread, the groups leave their partials and the
 * fold sums them on the host; a read (fold) brings back the kernel's own
 * sum; another launch of the kernel with partials pending folds them
 * first instead of combining on the device. */
static void left_partials_fold_on_host(void) {
  nurt_red r = {0};
  float x = 0;
  int acc;
  launch_addp(&r, &x, 4, &acc);
  CHECK_EQ(acc, 0);
  nurt_red_drop(&r);
  x = 1;
  launch_addp(&r, &x, 8, &acc);
  CHECK_EQ(acc, 2);
  nurt_red_fold(&r);
  CHECK(x == 15); /* 1 + (2 + 3 + 4 + 5) */
  launch_addp(&r, &x, 4, &acc);
  CHECK_EQ(acc, 0); /* read since: the count again */
  nurt_red_drop(&r);
  CHECK(x == 15);
  launch_addp(&r, &x, 8, &acc);
  CHECK_EQ(acc, 2);
  launch_addp(&r, &x, 4, &acc); /* the same kernel: the left partials come in first */
  CHECK(x == 29);
  CHECK_EQ(acc, 0);
  nurt_red_fold(&r);
  CHECK(x == 39);
}

/* Another kernel (key) into the same variable: the first value comes in
 * first, and the second launch does not combine with it on the device. */
static void other_key_folds_first(void) {
  nurt_red r = {0};
  float x = 1;
  launch_add(&r, &x, key_a, 10, NULL);
  int acc;
  launch_add(&r, &x, key_b, 20, &acc);
  CHECK_EQ(acc, 0);
  CHECK(x == 11);
  nurt_red_fold(&r);
  CHECK(x == 31);
}

/* A state that died with its fold pending (a longjmp out of its function)
 * holds its block until a new state at its address takes it back. */
static void dead_state_gives_block_back(void) {
  nurt_red r = {0};
  float x = 0;
  float *b1 = launch_add(&r, &x, key_b, 1, NULL);
  memset(&r, 0, sizeof r); /* the next call's state, at the same address */
  int acc;
  float *b2 = launch_add(&r, &x, key_b, 4, &acc);
  CHECK(b1 == b2);
  CHECK_EQ(acc, 0);
  nurt_red_fold(&r);
  CHECK(x == 4);
}

int main(void) {
  CHECK(!nurt_host_mode());
  loop_waits_once();
  held_block_is_not_shared();
  drop_forgets();
  left_partials_fold_on_host();
  other_key_folds_first();
  dead_state_gives_block_back();
  puts("test_reduce: ok");
  return 0;
}
