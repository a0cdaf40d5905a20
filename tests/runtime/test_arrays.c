/* test_arrays.c — proves that nurt moves an array only when the copy about to
 * be used is stale: repeated launches upload once, a host read copies back
 * once, a host write forces a new upload, nurt_sync_all makes the host copy
 * fresh, a host write to the stack that nurt was not told of is found by
 * comparison; and that many launches, 2-D and zero-byte launches work.  Checks the
 * numbers and the counters of nurt_get_stats. */
#define _POSIX_C_SOURCE 200112L /* setenv */
#include <stdlib.h>
#include <string.h>

#include "check.h"

static nurt_module mod = {TEST_KERNELS
                          "__kernel void add2d(__global float *c, long c_off,\n"
                          "                    __global const float *a, long a_off,\n"
                          "                    long rows, long cols) {\n"
                          "  c = (__global float *)((__global char *)c + c_off);\n"
                          "  a = (__global const float *)((__global const char *)a + a_off);\n"
                          "  long i = get_global_id(1), j = get_global_id(0);\n"
                          "  if (i < rows && j < cols) c[i * cols + j] += a[i * cols + j];\n"
                          "}\n",
                          "test_arrays.c", 0, NULL, 0};

enum { N = 1000 };

static nurt_stats stats(void) {
  nurt_stats s;
  nurt_get_stats(&s);
  return s;
}

static void launches_then_reads(float *a) {
  for (int i = 0; i < N; i++)
    a[i] = (float)i;
  launch_scale(&mod, 10, a, N, 2);
  launch_scale(&mod, 10, a, N, 3);
  nurt_stats s = stats();
  CHECK_EQ(s.launches, 2);
  CHECK_EQ(s.copies_to_device, 1);
  CHECK_EQ(s.bytes_to_device, N * sizeof(float));
  CHECK_EQ(s.copies_to_host, 0);
  CHECK(s.kernel_seconds > 0);

  nurt_host_access(a, 0);
  for (int i = 0; i < N; i++)
    CHECK(a[i] == 6.0f * (float)i);
  nurt_host_access(a, 0);
  nurt_host_access(a + 500, 0);
  s = stats();
  CHECK_EQ(s.copies_to_host, 1);
  CHECK_EQ(s.bytes_to_host, N * sizeof(float));
}

static void host_write_uploads_again(float *a) {
  nurt_host_access(a + 10, 1);
  a[10] = -1;
  launch_scale(&mod, 20, a, N, 2);
  nurt_host_access(a, 0);
  nurt_stats s = stats();
  CHECK_EQ(s.copies_to_device, 2);
  CHECK_EQ(s.copies_to_host, 2);
  CHECK(a[10] == -2.0f);
  CHECK(a[11] == 12.0f * 11);
}

/* A kernel that only writes may not write every element: upload anyway. */
static void write_only_kernel_uploads(float *b) {
  for (int i = 0; i < N; i++)
    b[i] = 5;
  launch_fill(&mod, 30, b, N / 2, 7);
  nurt_host_access(b, 0);
  CHECK(b[0] == 7 && b[N / 2 - 1] == 7 && b[N / 2] == 5 && b[N - 1] == 5);
  CHECK_EQ(stats().copies_to_device, 3);
}

/* A time-step loop whose arrays only kernels touch moves no data. */
static void time_steps_move_nothing(float *a) {
  nurt_stats before = stats();
  for (int t = 0; t < 10; t++)
    launch_scale(&mod, 40, a, N, 1);
  nurt_stats after = stats();
  CHECK_EQ(after.launches, before.launches + 10);
  CHECK_EQ(after.copies_to_device, before.copies_to_device);
  CHECK_EQ(after.copies_to_host, before.copies_to_host);
}

/* More launches than nurt keeps events for: it reads them on the way. */
static void many_launches(float *a) {
  nurt_stats before = stats();
  for (int t = 0; t < 1500; t++)
    launch_scale(&mod, 45, a, 64, 1);
  nurt_stats after = stats();
  CHECK_EQ(after.launches, before.launches + 1500);
  CHECK_EQ(after.copies_to_device + after.copies_to_host,
           before.copies_to_device + before.copies_to_host);
  CHECK(after.kernel_seconds > before.kernel_seconds);
}

/* After nurt_sync_all the host may write without telling nurt. */
static void sync_all_hands_back(float *a) {
  launch_scale(&mod, 50, a, N, 2);
  nurt_stats before = stats();
  nurt_sync_all();
  CHECK_EQ(stats().copies_to_host, before.copies_to_host + 1);
  CHECK(a[11] == 24.0f * 11);
  a[11] = 1;
  launch_scale(&mod, 50, a, N, 2);
  nurt_host_access(a, 0);
  CHECK(a[11] == 2);
  CHECK_EQ(stats().copies_to_device, before.copies_to_device + 1);
  nurt_sync_all();
  nurt_sync_all(); /* nothing device-fresh: no copy */
  CHECK_EQ(stats().copies_to_host, before.copies_to_host + 2);
}

static void zero_bytes_and_2d(void) {
  long long n = 0;
  float s = 2;
  size_t g = 64, lsz = 64;
  nurt_launch *l = nurt_launch_begin(&mod, "scale", 60);
  nurt_arg_buffer(l, NULL, 0, NURT_INOUT);
  nurt_arg_value(l, &s, sizeof s);
  nurt_arg_value(l, &n, sizeof n);
  nurt_launch_end(l, 1, &g, &lsz);
  nurt_wait();

  enum { R = 30, C = 20 };
  float *c = malloc(sizeof *c * R * C), *a = malloc(sizeof *a * R * C);
  CHECK(c && a);
  for (int i = 0; i < R * C; i++)
    c[i] = (float)i, a[i] = 1000;
  long long rows = R, cols = C;
  size_t global[2] = {round_up(C, 8), round_up(R, 8)}, local[2] = {8, 8};
  l = nurt_launch_begin(&mod, "add2d", 70);
  nurt_arg_buffer(l, c, sizeof(float) * R * C, NURT_INOUT);
  nurt_arg_buffer(l, a, sizeof(float) * R * C, NURT_IN);
  nurt_arg_value(l, &rows, sizeof rows);
  nurt_arg_value(l, &cols, sizeof cols);
  nurt_launch_end(l, 2, global, local);
  nurt_host_access(a, 0); /* read only: not written, so no copy */
  nurt_host_access(c, 0);
  for (int i = 0; i < R * C; i++)
    CHECK(c[i] == (float)i + 1000);
  nurt_free(c);
  nurt_free(a);
}

/* Memory nurt cannot protect (the stack): a host write nurt was not told of
 * is found at the next launch by comparison and goes up again, a launch
 * after none uploads nothing, and a declaration (nurt_host_define) forgets
 * the device's data without copying it back. */
static void unseen_writes_to_the_stack(void) {
  float st[64];
  for (int i = 0; i < 64; i++)
    st[i] = (float)i;
  launch_scale(&mod, 80, st, 64, 2);
  nurt_host_access(st, 0);
  CHECK(st[3] == 6.0f);
  nurt_stats before = stats();
  st[3] = 100; /* not told */
  launch_scale(&mod, 81, st, 64, 2);
  nurt_stats after = stats();
  CHECK_EQ(after.unseen, before.unseen + 1);
  CHECK_EQ(after.copies_to_device, before.copies_to_device + 1);
  launch_scale(&mod, 82, st, 64, 2); /* device-fresh, host unchanged: no copy */
  CHECK_EQ(stats().copies_to_device, after.copies_to_device);
  CHECK_EQ(stats().unseen, after.unseen);
  nurt_host_access(st, 0);
  CHECK(st[3] == 400.0f && st[4] == 32.0f);

  launch_scale(&mod, 83, st, 64, 2); /* device-fresh again */
  before = stats();
  nurt_host_define(st, sizeof st); /* a new object: no copy back */
  CHECK_EQ(stats().copies_to_host, before.copies_to_host);
  for (int i = 0; i < 64; i++)
    st[i] = 1;
  launch_scale(&mod, 84, st, 64, 3);
  nurt_host_range(st, sizeof st, 0);
  CHECK(st[0] == 3.0f && st[63] == 3.0f);
  CHECK_EQ(stats().copies_to_device, before.copies_to_device + 1);
  CHECK_EQ(stats().copies_to_host, before.copies_to_host + 1);
  nurt_escape(); /* the stack array is about to die */
}

int main(void) {
  /* kernel_seconds needs the profiling queue, which only NU_PROFILE opens */
  setenv("NU_PROFILE", "1", 0);
  CHECK(!nurt_host_mode());
  float *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
  CHECK(a && b);
  launches_then_reads(a);
  host_write_uploads_again(a);
  write_only_kernel_uploads(b);
  time_steps_move_nothing(a);
  many_launches(a);
  sync_all_hands_back(a);
  unseen_writes_to_the_stack();
  nurt_stats before = stats();
  zero_bytes_and_2d();
  nurt_stats s = stats();
  CHECK_EQ(s.launches, before.launches + 2);
  CHECK_EQ(s.copies_to_host, before.copies_to_host + 1);
  nurt_free(a);
  nurt_free(b);
  puts("test_arrays: ok");
  return 0;
}
