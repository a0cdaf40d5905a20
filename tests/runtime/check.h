/* check.h — what the runtime tests share: a CHECK macro that prints the
 * failing condition with file:line and exits 1, and launch helpers written
 * the way nucc's generated host code calls nurt. */
#ifndef NURT_TEST_CHECK_H
#define NURT_TEST_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#include "nurt.h"

#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);                     \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

/* CHECK on one counter, printing both values on failure. */
#define CHECK_EQ(got, want)                                                                        \
  do {                                                                                             \
    unsigned long long got_ = (got), want_ = (want);                                               \
    if (got_ != want_) {                                                                           \
      fprintf(stderr, "%s:%d: CHECK failed: %s == %llu, expected %llu\n", __FILE__, __LINE__,      \
              #got, got_, want_);                                                                  \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

/* OpenCL C of the kernels the tests launch, in nucc's calling convention:
 * every array is a buffer plus a byte offset. */
#define TEST_KERNELS                                                                               \
  "__kernel void scale(__global float *a, long a_off, float s, long n) {\n"                        \
  "  a = (__global float *)((__global char *)a + a_off);\n"                                        \
  "  long i = get_global_id(0);\n"                                                                 \
  "  if (i < n) a[i] *= s;\n"                                                                      \
  "}\n"                                                                                            \
  "__kernel void fill(__global float *a, long a_off, float v, long n) {\n"                         \
  "  a = (__global float *)((__global char *)a + a_off);\n"                                        \
  "  long i = get_global_id(0);\n"                                                                 \
  "  if (i < n) a[i] = v;\n"                                                                       \
  "}\n"                                                                                            \
  "__kernel void copy(__global float *d, long d_off,\n"                                            \
  "                   __global const float *s, long s_off, long n) {\n"                            \
  "  d = (__global float *)((__global char *)d + d_off);\n"                                        \
  "  s = (__global const float *)((__global const char *)s + s_off);\n"                            \
  "  long i = get_global_id(0);\n"                                                                 \
  "  if (i < n) d[i] = s[i];\n"                                                                    \
  "}\n"

static inline size_t round_up(long long n, size_t to) {
  return (size_t)((n + (long long)to - 1) / (long long)to) * to;
}

/* a[0..n) *= s, as the loop at `line` of the module's file. */
static inline void launch_scale(nurt_module *m, int line, float *a, long long n, float s) {
  size_t local = 64, global = round_up(n, local);
  nurt_launch *l = nurt_launch_begin(m, "scale", line);
  nurt_arg_buffer(l, a, (size_t)n * sizeof *a, NURT_INOUT);
  nurt_arg_value(l, &s, sizeof s);
  nurt_arg_value(l, &n, sizeof n);
  nurt_launch_end(l, 1, &global, &local);
}

/* a[0..n) = v: a kernel that only writes. */
static inline void launch_fill(nurt_module *m, int line, float *a, long long n, float v) {
  size_t local = 64, global = round_up(n, local);
  nurt_launch *l = nurt_launch_begin(m, "fill", line);
  nurt_arg_buffer(l, a, (size_t)n * sizeof *a, NURT_OUT);
  nurt_arg_value(l, &v, sizeof v);
  nurt_arg_value(l, &n, sizeof n);
  nurt_launch_end(l, 1, &global, &local);
}

#endif
