/* lazy_check.h — what the tests of lazy synchronisation share: counters
 * since a point, whether page protection applies (NU_LAZY, and for heap
 * arrays glibc without AddressSanitizer), arrays, and a copy launch. */
#ifndef LAZY_CHECK_H
#define LAZY_CHECK_H

#include <stdint.h>
#include <string.h>

#include "check.h"
#include "lazy_other.h"

#if defined(__SANITIZE_ADDRESS__)
#define LAZY_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LAZY_ASAN 1
#endif
#endif
#if defined(__GLIBC__) && !defined(LAZY_ASAN)
#define LAZY_HEAP 1 /* malloc'ed arrays with their own mapping are protected */
#else
#define LAZY_HEAP 0
#endif

enum { N = 1 << 20 }; /* 4 MiB of floats: malloc usually maps it on its own */

static inline nurt_stats stats_now(void) {
  nurt_stats s;
  nurt_get_stats(&s);
  return s;
}

/* The counters since s0. */
static inline nurt_stats since(nurt_stats s0) {
  nurt_stats s = stats_now();
  s.launches -= s0.launches;
  s.copies_to_device -= s0.copies_to_device;
  s.copies_to_host -= s0.copies_to_host;
  s.bytes_to_device -= s0.bytes_to_device;
  s.bytes_to_host -= s0.bytes_to_host;
  s.faults -= s0.faults;
  return s;
}

/* Page protection is on: NU_LAZY=1, or NU_LAZY unset outside Valgrind. */
static inline int lazy_on(void) {
  const char *s = getenv("NU_LAZY"), *pre = getenv("LD_PRELOAD");
  if (s && *s)
    return strcmp(s, "0") != 0;
  return !(pre && strstr(pre, "vgpreload"));
}

/* The malloc'ed block at p is protected: glibc mapped it on its own (bit
 * IS_MMAPPED of its header).  A block from the arena is not, whatever its
 * size: after PoCL compiled a kernel the arena may have room for 4 MiB. */
static inline int heap_lazy(const void *p) {
#if LAZY_HEAP
  /* through an integer address: the header lies outside the object */
  size_t header;
  memcpy(&header, (const void *)((uintptr_t)p - sizeof header), sizeof header);
  int mapped = (header & 2) != 0;
  if (!mapped)
    fprintf(stderr, "note: %p is in the malloc arena: not protected\n", p);
  return lazy_on() && mapped;
#else
  (void)p;
  return 0;
#endif
}

static inline float *numbers(long n) {
  float *a = malloc((size_t)n * sizeof *a);
  CHECK(a);
  for (long i = 0; i < n; i++)
    a[i] = (float)i;
  return a;
}

/* d[0..n) = s[0..n) */
static inline void launch_copy(nurt_module *m, int line, float *d, const float *s, long long n) {
  size_t local = 64, global = round_up(n, local);
  nurt_launch *l = nurt_launch_begin(m, "copy", line);
  nurt_arg_buffer(l, d, (size_t)n * sizeof *d, NURT_OUT);
  nurt_arg_buffer(l, s, (size_t)n * sizeof *s, NURT_IN);
  nurt_arg_value(l, &n, sizeof n);
  nurt_launch_end(l, 1, &global, &local);
}

/* sum of k * i for i in [lo, hi) */
static inline double ramp(double k, long lo, long hi) {
  return k * ((double)hi * (double)(hi - 1) - (double)lo * (double)(lo - 1)) / 2;
}

#endif
