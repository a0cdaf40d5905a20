/* test_ranges.c — proves the array table's handling of ranges: a pointer
 * into a known array reuses its entry with an offset, a range overlapping
 * known arrays merges them (copying device-fresh data back first), and
 * nurt_free/nurt_realloc never leave stale data behind. */
#include <string.h>

#include "check.h"

static nurt_module mod = {TEST_KERNELS, "test_ranges.c", 0, NULL, 0};

enum { N = 1024 };

static nurt_stats stats(void) {
  nurt_stats s;
  nurt_get_stats(&s);
  return s;
}

/* a[i] = i, in a of n floats; numbers: in a heap array of its own */
static float *numbers_in(float *a, long n) {
  for (long i = 0; i < n; i++)
    a[i] = (float)i;
  return a;
}

static float *numbers(long n) {
  float *a = malloc((size_t)n * sizeof *a);
  CHECK(a);
  return numbers_in(a, n);
}

static void subrange_reuses_entry(void) {
  float *a = numbers(N);
  nurt_stats s0 = stats();
  launch_scale(&mod, 10, a, N, 2);
  launch_scale(&mod, 11, a + 16, N - 16, 10);
  nurt_host_access(a + 20, 0);
  nurt_stats s = stats();
  CHECK_EQ(s.copies_to_device - s0.copies_to_device, 1);
  CHECK_EQ(s.copies_to_host - s0.copies_to_host, 1);
  for (int i = 0; i < N; i++)
    CHECK(a[i] == (i < 16 ? 2.0f : 20.0f) * (float)i);
  nurt_free(a);
}

/* Arrays of no heap block: a launch takes the range it passes, not the
 * block (a heap array is taken whole at its first launch: see
 * growing_prefix_uploads_once), so that ranges meet and merge. */
static float merge_space[2 * N], many_space[1600];

static void overlap_merges(void) {
  float *big = numbers_in(merge_space, 2L * N);
  nurt_stats s0 = stats();
  launch_scale(&mod, 20, big, N, 2);         /* entry [0, N) */
  launch_scale(&mod, 21, big + N / 2, N, 3); /* [N/2, 3N/2): merge */
  nurt_host_access(big, 0);
  nurt_stats s = stats();
  /* the merge keeps [0, N) on the device and uploads only [N, 3N/2) */
  CHECK_EQ(s.copies_to_device - s0.copies_to_device, 2);
  CHECK_EQ(s.bytes_to_device - s0.bytes_to_device, (N + N / 2) * sizeof(float));
  for (int i = 0; i < 2 * N; i++) {
    float f = i < N / 2 ? 2.0f : i < N ? 6.0f : i < 3 * N / 2 ? 3.0f : 1.0f;
    CHECK(big[i] == f * (float)i);
  }
  /* what the kernels wrote comes back, and nothing else: in one copy, or
   * piece by piece as the reads above fault on the static array's
   * protected pages */
  s = stats();
  CHECK_EQ(s.bytes_to_host - s0.bytes_to_host, (N + N / 2) * sizeof(float));
  /* One range covering two entries and the gap between them. */
  launch_scale(&mod, 22, big + 1600, 100, 2);
  launch_scale(&mod, 22, big + 1800, 100, 2);
  launch_scale(&mod, 23, big + 1550, 400, 10);
  nurt_host_access(big + 1900, 0);
  for (int i = 1550; i < 1950; i++) {
    float f = (i >= 1600 && i < 1700) || (i >= 1800 && i < 1900) ? 2 : 1;
    CHECK(big[i] == 10 * f * (float)i); /* all past 3N/2: never scaled */
  }
}

/* Two arguments of one launch whose ranges overlap: the second merges the
 * first's entry away before the kernel is enqueued. */
static void overlap_within_one_launch(void) {
  float *x = numbers(300);
  launch_scale(&mod, 30, x + 100, 200, 1); /* entry [100, 300) */
  long long n = 100;
  size_t g = 128, lsz = 64;
  nurt_launch *l = nurt_launch_begin(&mod, "copy", 31);
  nurt_arg_buffer(l, x + 100, 100 * sizeof(float), NURT_OUT);
  nurt_arg_buffer(l, x, 150 * sizeof(float), NURT_IN);
  nurt_arg_value(l, &n, sizeof n);
  nurt_launch_end(l, 1, &g, &lsz);
  nurt_host_access(x, 0);
  for (int i = 0; i < 300; i++)
    CHECK(x[i] == (float)(i < 200 ? i % 100 : i));
  nurt_free(x);
}

/* free() then malloc() at the same address: the new array is not the old. */
static void free_then_malloc(void) {
  for (int round = 0; round < 2; round++) {
    float *x = numbers(N);
    launch_scale(&mod, 40, x, N, 2);
    if (round == 0)
      nurt_host_access(x, 0); /* both copies fresh */
    nurt_stats s0 = stats();
    nurt_free(x); /* round 1: device-fresh, dropped unread */
    CHECK_EQ(stats().copies_to_host, s0.copies_to_host);
    float *y = malloc(N * sizeof *y);
    CHECK(y);
    if (y != x)
      fprintf(stderr, "note: malloc did not reuse the address\n");
    for (int i = 0; i < N; i++)
      y[i] = 5; /* plain host writes, as in a file nucc did not see */
    launch_scale(&mod, 41, y, N, 2);
    nurt_host_access(y, 0);
    for (int i = 0; i < N; i++)
      CHECK(y[i] == 10);
    nurt_free(y);
  }
}

static void realloc_keeps_device_data(void) {
  float *r = numbers(N);
  launch_scale(&mod, 50, r, N, 2); /* device-fresh */
  r = nurt_realloc(r, sizeof *r * 4 * N);
  CHECK(r);
  for (int i = 0; i < N; i++)
    CHECK(r[i] == 2.0f * (float)i);
  for (int i = N; i < 4 * N; i++)
    r[i] = 1;
  launch_scale(&mod, 51, r, 4LL * N, 3);
  nurt_host_access(r, 0);
  for (int i = 0; i < 4 * N; i++)
    CHECK(r[i] == (i < N ? 6.0f * (float)i : 3));
  r = nurt_realloc(r, 0 + sizeof *r);
  nurt_free(r);
  nurt_free(NULL);
}

/* A launch over 100 arrays' worth of earlier entries (the table once kept
 * only 64 of them when merging: the others stayed, overlapping the new
 * entry, and nurt_sync_all() copied their stale device data back over it). */
static void merge_many(void) {
  enum { PIECES = 100, W = 16 };
  float *a = numbers_in(many_space, PIECES * W);
  for (int k = 0; k < PIECES; k++) /* 100 disjoint entries, device-fresh */
    launch_scale(&mod, 60, a + k * W, W, (float)(k % 7 + 2));
  launch_scale(&mod, 61, a, PIECES * W, 3); /* one entry for all of them */
  nurt_host_access(a, 0);
  nurt_sync_all();
  for (int i = 0; i < PIECES * W; i++)
    CHECK(a[i] == 3.0f * (float)(i / W % 7 + 2) * (float)i);
}

/* A kernel over a growing prefix of a heap array (one more row per
 * launch, as a triangular solve's): the whole malloc block goes up at the
 * first launch, and no launch uploads again; a large block (its own mmap)
 * and one of 300 floats (in malloc's arena: it took a device buffer and a
 * merge per launch when only blocks past a page of the range were taken
 * whole).  heap.c's table tells their size; under Address- or
 * ThreadSanitizer malloc is the sanitizer's. */
static void growing_prefix_uploads_once(void) {
  float *x = numbers(300);
  nurt_stats s0 = stats();
  for (int k = 1; k <= 40; k++)
    launch_scale(&mod, 30, x, (long long)k * 7, 2);
  nurt_host_access(x, 0);
  nurt_stats s = stats();
#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
  CHECK_EQ(s.copies_to_device - s0.copies_to_device, 1);
  CHECK_EQ(s.bytes_to_device - s0.bytes_to_device, 300 * sizeof(float));
#else
  CHECK(s.copies_to_device - s0.copies_to_device >= 1);
#endif
  for (long i = 0; i < 300; i++)
    CHECK(x[i] == (float)(1L << (40 - (i / 7 < 40 ? i / 7 : 40))) * (float)i);
  nurt_free(x);

  long n = 1L << 20; /* 4 MiB: its own mmap */
  float *a = numbers(n);
  s0 = stats();
  for (int k = 1; k <= 40; k++)
    launch_scale(&mod, 30, a, (long long)k * 1000, 2);
  nurt_host_access(a, 0);
  s = stats();
#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
  CHECK_EQ(s.copies_to_device - s0.copies_to_device, 1);
#else
  CHECK(s.copies_to_device - s0.copies_to_device >= 1);
#endif
  for (long i = 0; i < n; i++) {
    long launches = 40 - (i / 1000 < 40 ? i / 1000 : 40); /* the prefixes that hold i */
    float f = 1;
    for (long t = 0; t < launches; t++)
      f *= 2;
    CHECK(a[i] == f * (float)i);
  }
  nurt_free(a);
}

int main(void) {
  subrange_reuses_entry();
  overlap_merges();
  overlap_within_one_launch();
  free_then_malloc();
  realloc_keeps_device_data();
  merge_many();
  growing_prefix_uploads_once();
  puts("test_ranges: ok");
  return 0;
}
