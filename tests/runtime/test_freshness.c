/* test_freshness.c — freshness by the range (issue 25 §1), tested as a
 * property: thousands of random steps on one array, each a kernel that
 * writes part of the range it is given, a host statement that reads or
 * writes elements (nurt_host_range_at), a host loop behind a whole-array
 * check, code nucc did not see (after nurt_escape: faults on protected
 * pages), an escape or a full sync; a model of the array's bytes, what the
 * sequential program would hold, is kept beside it.  After every step the
 * host's view of the bytes it reads equals the model's, and a read of one
 * element moves at most the pages that hold it.  Debug builds also check
 * the table's invariants (pieces tile each array) after every call.
 * `diagonal`: a Cholesky's steps keep the table a few pieces long;
 * `column`: faults in code nucc did not see stay a few dozen; `mirror`:
 * large uploads through the array's pinned pages, across free and malloc;
 * `static_mirror`: the same for static arrays that share pages.
 * Usage: test_freshness heap|global|arena|stack|diagonal|column|mirror|static_mirror
 *        [STEPS [SEED]] */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "lazy_check.h"

#define RANGES_KERNELS                                                                             \
  "__kernel void add(__global float *a, long a_off, long w0, long w1, float v) {\n"                \
  "  a = (__global float *)((__global char *)a + a_off);\n"                                        \
  "  long i = w0 + get_global_id(0);\n"                                                            \
  "  if (i < w1) a[i] += v;\n"                                                                     \
  "}\n"

static nurt_module mod = {RANGES_KERNELS, "test_freshness.c", 0, NULL, 0};

enum { M = 1 << 18 }; /* 1 MiB of floats: several pages, mapped on its own */
static _Alignas(4096) float global_array[M];

static unsigned long long rng = 88172645463325252ULL;
static long pick(long n) { /* xorshift64: reproducible from the seed */
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (long)(rng % (unsigned long long)n);
}

/* a[w0..w1) += v by a kernel handed a[0..hi) (w1 <= hi), as a stub hands
 * an array: from its pointer (host code finds arrays by that pointer);
 * `narrow`: the launch names the rows it writes (nurt_arg_writes). */
static void launch_add(float *a, long hi, long w0, long w1, float v, int narrow) {
  size_t local = 64, global = round_up(w1 > w0 ? w1 - w0 : 1, local);
  nurt_launch *l = nurt_launch_begin(&mod, "add", 30);
  nurt_arg_buffer(l, a, (size_t)hi * sizeof *a, NURT_INOUT);
  if (narrow)
    nurt_arg_writes(l, (long long)w0 * (long long)sizeof *a, (size_t)(w1 - w0) * sizeof *a);
  long long k0 = w0, k1 = w1;
  nurt_arg_value(l, &k0, sizeof k0);
  nurt_arg_value(l, &k1, sizeof k1);
  nurt_arg_value(l, &v, sizeof v);
  nurt_launch_end(l, 1, &global, &local);
}

static void same(const float *a, const float *ref, long lo, long hi, long step, const char *what) {
  for (long i = lo; i < hi; i++)
    if (other_get(a, i) != ref[i]) {
      fprintf(stderr, "step %ld (%s): a[%ld] is %g, the model says %g\n", step, what, i,
              (double)other_get(a, i), (double)ref[i]);
      exit(1);
    }
}

/* a's first values, and the model's copy of them (freed by the caller). */
static float *start(float *a, long n) {
  float *ref = malloc((size_t)n * sizeof *ref);
  CHECK(ref);
  for (long i = 0; i < n; i++)
    a[i] = ref[i] = (float)(i % 1000);
  return ref;
}

static void run(float *a, long n, long steps, int protectable) {
  float *ref = start(a, n);
  long page = sysconf(_SC_PAGESIZE) / (long)sizeof(float);
  for (long s = 0; s < steps; s++) {
    long x = pick(n), y = pick(n), lo = x < y ? x : y, hi = (x < y ? y : x) + 1;
    long w0 = lo + pick(hi - lo), w1 = w0 + pick(hi - w0) + 1, i = pick(n);
    float v = (float)(pick(7) + 1);
    switch (pick(8)) {
    case 0:
    case 1: /* a kernel; often a small range near where the host works */
      if (pick(2)) {
        lo = i > page ? i - page : 0;
        hi = i + 2 * page < n ? i + 2 * page : n;
        w0 = lo + pick(hi - lo);
        w1 = w0 + pick(hi - w0) + 1;
      }
      launch_add(a, hi, w0, w1, v, (int)pick(2));
      for (long k = w0; k < w1; k++)
        ref[k] += v;
      break;
    case 2: { /* a host statement reads one element */
      nurt_stats s0 = stats_now();
      nurt_host_range_at(&a[i], sizeof a[i], 0, "a", "test_freshness.c", 80);
      unsigned long long moved = since(s0).bytes_to_host;
      CHECK(moved <= (unsigned long long)(protectable ? 2 * page * 4 : 4));
      CHECK(a[i] == ref[i]);
      break;
    }
    case 3: /* one writes one element */
      nurt_host_range_at(&a[i], sizeof a[i], 1, "a", "test_freshness.c", 86);
      a[i] = ref[i] = (float)pick(100);
      break;
    case 4: /* a host loop reads a range, then writes part of it */
      nurt_host_access(a, 1);
      same(a, ref, lo, hi, s, "host loop");
      for (long k = w0; k < w1; k++)
        a[k] = ref[k] = ref[k] * 0.5f;
      break;
    case 5: /* code nucc did not see: reads and writes through faults */
      nurt_escape();
      same(a, ref, lo, hi, s, "other file");
      if (pick(2)) {
        other_scale(a, w0, w1, 2.0f);
        for (long k = w0; k < w1; k++)
          ref[k] *= 2.0f;
      }
      break;
    case 6:
      nurt_escape();
      break;
    default:
      if (pick(4) == 0)
        nurt_sync_all();
      break;
    }
  }
  nurt_host_access(a, 0);
  same(a, ref, 0, n, steps, "the end");
  free(ref);
}

/* A right-looking Cholesky's pattern: step k writes the diagonal element of
 * row k on the host, then a kernel writes the rows below.  Rows span more
 * than a page, so the diagonal's page, sent up in state both, has the rest
 * of its row (device-fresh) between it and the rows the kernel writes: it
 * must still join its device-fresh neighbours, or the table keeps a piece
 * per step and every walk of the array grows slower step by step. */
static void diagonal(float *a, long n) {
  float *ref = start(a, n);
  long width = 1500, rows = n / width; /* 6000-byte rows */
  unsigned long most = 0;
  for (long k = 0; k < rows; k++) {
    nurt_host_range_at(&a[k * width + k], sizeof *a, 1, "a", "test_freshness.c", 150);
    a[k * width + k] = ref[k * width + k] = ref[k * width + k] + 1.0f;
    launch_add(a, n, (k + 1) * width, n, 0.5f, 1);
    for (long i = (k + 1) * width; i < n; i++)
      ref[i] += 0.5f;
    unsigned long pieces = stats_now().pieces;
    most = pieces > most ? pieces : most;
  }
  nurt_host_access(a, 0);
  same(a, ref, 0, n, rows, "the end");
  printf("diagonal: %ld steps, at most %lu pieces\n", rows, most);
  CHECK(most <= 8);
  free(ref);
}

/* Code nucc did not see writes a column of an array the device holds,
 * row after row: rows of 12000 bytes, so each write lands on a page of
 * its own, never next to the last one served, and the read-ahead cannot
 * follow.  Past a budget each fault serves twice the span the last one did,
 * and the faults stay a few dozen, not one per row. */
static void column(float *a, long n) {
  float *ref = start(a, n);
  launch_add(a, n, 0, n, 1.0f, 0);
  for (long i = 0; i < n; i++)
    ref[i] += 1.0f;
  nurt_escape();
  nurt_stats s0 = stats_now();
  long width = 3000, rows = n / width;
  for (long i = 1; i < rows; i++) { /* row 0 shares malloc's header page */
    other_set(a, i * width + 7, (float)i);
    ref[i * width + 7] = (float)i;
  }
  unsigned long faults = since(s0).faults;
  same(a, ref, 0, n, rows, "the end");
  printf("column: %ld rows, %lu faults\n", rows, faults);
  CHECK(faults <= 32 + 16);
  free(ref);
}

/* Large uploads of a heap array go through its pages, pinned by the driver
 * (a CL_MEM_USE_HOST_PTR buffer over them): the kernel sees the host's
 * bytes, each upload again after the host changed them, and a block freed
 * and allocated again at the same address is another allocation, whose
 * bytes the old buffer over the old pages must not supply. */
int nurt_heap_tracked(void); /* nurt's, internal: whether heap.c keeps its table */

static void mirror(long n) {
  nurt_stats s0 = stats_now();
  for (int round = 0; round < 3; round++) {
    float *a = malloc((size_t)n * sizeof *a);
    CHECK(a);
    for (long i = 0; i < n; i++)
      a[i] = (float)(i % 1000 + round);
    for (int k = 1; k <= 3; k++) {
      launch_add(a, n, 0, n, 1.0f, 0);
      nurt_host_access(a, 1); /* the host reads it all, then writes it all */
      for (long i = 0; i < n; i++) {
        CHECK(a[i] == (float)(i % 1000 + round + 11 * k - 10));
        a[i] += 10.0f;
      }
    }
    free(a); /* the next round's block may come at the same address */
  }
  nurt_stats s1 = stats_now();
  unsigned long mirrored = s1.mirrored - s0.mirrored, direct = s1.direct_back - s0.direct_back;
  printf("mirror: %lu uploads through pinned pages; %lu copies back straight into protected "
         "pages (the driver %s)\n",
         mirrored, direct,
         s1.direct_probe == 1   ? "DMAs into pinned pages"
         : s1.direct_probe == 0 ? "copies on the CPU: the probe saw it fault"
                                : "was not asked");
  /* heap.c's table, which mirrors need, is off under a sanitizer's malloc */
  if (LAZY_HEAP && nurt_heap_tracked()) {
    CHECK(mirrored >= 9);
    /* the host's reads brought the arrays back: the probe has run, and
     * only a driver that passed it took copies straight into the pages */
    CHECK(s1.direct_probe == 0 || s1.direct_probe == 1);
    CHECK(s1.direct_probe ? direct > 0 : direct == 0);
  }
}

/* The same through a static array's pinned pages: only the pages it alone
 * holds are its mirror's, and the bytes beside them, on pages shared with
 * other variables, go with each copy on their own.  Two arrays of sizes
 * that are not whole pages, so that at least one shares pages; the first
 * launch takes a prefix, so that the next makes the whole array a new one
 * (a merge), whose mirror must be made after the old one is released. */
static float fence_before[100], static_a[2 * M + 37], static_b[2 * M + 11], fence_after[100];

static void static_mirror(void) {
  float *arrays[2] = {static_a, static_b};
  long sizes[2] = {2 * M + 37, 2 * M + 11};
  for (int i = 0; i < 100; i++)
    fence_before[i] = fence_after[i] = (float)(-i);
  nurt_stats s0 = stats_now();
  for (int w = 0; w < 2; w++) {
    float *a = arrays[w];
    long n = sizes[w];
    for (long i = 0; i < n; i++)
      a[i] = (float)(i % 1000);
    launch_add(a, n - 5000, 0, n - 5000, 1.0f, 0); /* a prefix first */
    for (int k = 1; k <= 3; k++) {
      launch_add(a, n, 0, n, 1.0f, 0);
      nurt_host_access(a, 1);
      for (long i = 0; i < n; i++) {
        float want = (float)(i % 1000) + 11.0f * (float)k - 10.0f + (i < n - 5000 ? 1.0f : 0.0f);
        if (a[i] != want) {
          fprintf(stderr, "array %d round %d: a[%ld] is %g, expected %g\n", w, k, i, (double)a[i],
                  (double)want);
          exit(1);
        }
        a[i] += 10.0f;
      }
    }
  }
  for (int i = 0; i < 100; i++)
    CHECK(fence_before[i] == (float)(-i) && fence_after[i] == (float)(-i));
  nurt_stats s1 = stats_now();
  unsigned long mirrored = s1.mirrored - s0.mirrored;
  printf("static mirror: %lu uploads through pinned pages; %lu copies back straight into "
         "protected pages\n",
         mirrored, s1.direct_back - s0.direct_back);
  /* with NU_LAZY=0 uploads read the arrays' shadows, not their pages */
  if (lazy_on())
    CHECK(mirrored >= 2);
}

int main(int argc, char **argv) {
  const char *kind = argc > 1 ? argv[1] : "heap";
  long steps = argc > 2 ? atol(argv[2]) : 3000;
  if (argc > 3)
    rng = strtoull(argv[3], NULL, 10) | 1;
  nurt_module_prepare(&mod);
  if (!strcmp(kind, "heap")) {
    float *a = malloc(M * sizeof *a);
    CHECK(a);
    run(a, M, steps, heap_lazy(a));
    nurt_free(a);
  } else if (!strcmp(kind, "diagonal")) {
    float *a = malloc(M * sizeof *a);
    CHECK(a);
    diagonal(a, M);
    nurt_free(a);
  } else if (!strcmp(kind, "column")) {
    float *a = malloc(M * sizeof *a);
    CHECK(a);
    if (heap_lazy(a))
      column(a, M);
    nurt_free(a);
  } else if (!strcmp(kind, "mirror")) {
    mirror(M);
  } else if (!strcmp(kind, "static_mirror")) {
    static_mirror();
  } else if (!strcmp(kind, "global")) {
    run(global_array, M, steps, lazy_on());
  } else if (!strcmp(kind, "arena")) {
    float *a = malloc(3000 * sizeof *a); /* small: in malloc's arena, not protected */
    CHECK(a);
    run(a, 3000, steps, 0);
    nurt_free(a);
  } else {
    float a[5000]; /* the stack: not protected */
    run(a, 5000, steps, 0);
    nurt_escape();
  }
  printf("test_freshness %s: ok\n", kind);
  return 0;
}
