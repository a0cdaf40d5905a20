/* test_lazy.c — lazy synchronisation by page protection, with exact counters:
 * arrays stay on the device across nurt_escape(); lazy_other.c (no nucc, no
 * nurt) reads, writes, frees and reallocates them and sees fresh data; what is
 * not protected (stack, arena, NU_LAZY=0) is copied back at the escape.
 * Usage: test_lazy escape|free|alternate|steps|shared|stack|syscall */
#define _POSIX_C_SOURCE 200809L /* fileno */
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include "lazy_check.h"

static nurt_module mod = {TEST_KERNELS, "test_lazy.c", 0, NULL, 0};

/* A file without nurt reads, then writes, an array a kernel wrote. */
static void escape(void) {
  float *a = numbers(N);
  int lazy = heap_lazy(a);
  nurt_stats s0 = stats_now();
  launch_scale(&mod, 10, a, N, 2);
  nurt_escape(); /* what generated code does before calling another file */
  CHECK_EQ(since(s0).copies_to_host, lazy ? 0 : 1);
  /* the faults copy back only the pages read, the half from N/2 on, each
   * serving more than the one before (read-ahead): a few faults, not one
   * per page (issue 25 §1) */
  CHECK(other_sum(a, N / 2, N) == ramp(2, N / 2, N));
  nurt_stats d = since(s0);
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  unsigned long long half = (uintptr_t)(a + N) - ((uintptr_t)(a + N / 2) & ~(page - 1));
  CHECK_EQ(d.bytes_to_host, lazy ? half : N * sizeof *a);
  CHECK(lazy ? d.copies_to_host >= 2 && d.copies_to_host <= 12 : d.copies_to_host == 1);
  CHECK_EQ(d.faults, lazy ? d.copies_to_host : 0);
  unsigned long back = d.copies_to_host, faults = d.faults;
  launch_scale(&mod, 11, a, N, 3); /* both fresh or device-fresh: no upload */
  CHECK_EQ(since(s0).copies_to_device, lazy ? 1 : 2);
  nurt_escape();
  other_scale(a, 0, N, 0.5f); /* reads and writes from the head page: host-fresh */
  for (long i = 0; i < N; i++)
    CHECK(a[i] == 3.0f * (float)i);
  launch_scale(&mod, 12, a, N, 2);
  nurt_stats before = since(s0);
  /* instrumented code: the check brings back the first page (malloc's
   * header shares it), the loop's reads fault on the rest, a growing number
   * of pages each (issue 25 §1) */
  nurt_host_access(a, 0);
  for (long i = 0; i < N; i++)
    CHECK(a[i] == 6.0f * (float)i);
  d = since(s0);
  CHECK_EQ(d.launches, 3);
  CHECK_EQ(d.copies_to_device, lazy ? 2 : 3);
  CHECK_EQ(d.bytes_to_host - before.bytes_to_host, N * sizeof *a);
  CHECK(lazy ? d.copies_to_host - before.copies_to_host <= 14
             : d.copies_to_host - before.copies_to_host == 1);
  CHECK_EQ(d.faults, lazy ? faults + 1 + (d.copies_to_host - before.copies_to_host - 1) : 0);
  (void)back;
  nurt_free(a);
}

/* free() and realloc() in a file without nurt; then malloc at that address. */
static void free_malloc(void) {
  for (int round = 0; round < 2; round++) {
    float *a = numbers(N);
    int lazy = heap_lazy(a);
    launch_fill(&mod, 20, a, N, 7);
    if (round == 1)
      nurt_host_access(a, 0); /* both fresh: free faults on the header anyway */
    nurt_stats s0 = stats_now();
    nurt_escape();
    other_free(a); /* faults on malloc's header: a becomes host-fresh */
    nurt_stats d = since(s0);
    /* round 1: the check brought back only the first page; free's fault
     * on the header brings back the rest */
    CHECK_EQ(d.copies_to_host, round == 0 || lazy ? 1 : 0);
    CHECK_EQ(d.faults, lazy);
    float *b = malloc(N * sizeof *b);
    CHECK(b);
    if (b != a)
      fprintf(stderr, "note: malloc did not reuse the address\n");
    for (long i = 0; i < N; i++)
      b[i] = 1; /* no fault: fresh pages */
    launch_scale(&mod, 21, b, N, 2);
    CHECK_EQ(since(s0).copies_to_device, 1);
    nurt_host_access(b, 0);
    for (long i = 0; i < N; i++)
      CHECK(b[i] == 2);
    nurt_free(b);
  }
  float *r = numbers(N);
  launch_scale(&mod, 22, r, N, 2);
  nurt_escape();
  r = other_realloc(r, 2 * N * sizeof *r); /* header fault, then mremap */
  CHECK(r);
  for (long i = 0; i < N; i++)
    CHECK(r[i] == 2.0f * (float)i);
  for (long i = N; i < 2 * N; i++)
    r[i] = 1;
  launch_scale(&mod, 23, r, 2 * N, 3);
  nurt_escape();
  CHECK(other_sum(r, N / 2, 2 * N) == ramp(6, N / 2, N) + 3.0 * N);
  nurt_free(r);
}

/* Kernels and another file's host code take turns on one array. */
static void alternate(void) {
  float *a = numbers(N), *ref = numbers(N);
  int lazy = heap_lazy(a);
  nurt_stats s0 = stats_now();
  for (int it = 0; it < 10; it++) {
    launch_scale(&mod, 30, a, N, 2);
    nurt_escape();
    long k = N / 2 + it;
    other_set(a, k, other_get(a, k) + 1); /* a read fault, then a write fault */
    for (long i = 0; i < N; i++)
      ref[i] *= 2;
    ref[k] += 1;
  }
  nurt_stats d = since(s0);
  CHECK_EQ(d.copies_to_device, 10);
  CHECK_EQ(d.copies_to_host, 10);
  CHECK_EQ(d.faults, lazy ? 20 : 0);
  /* instrumented host code: nurt_host_access instead of faults */
  launch_scale(&mod, 31, a, N, 2);
  nurt_host_access(a + N / 2, 0);
  float v = a[N / 2];
  nurt_host_access(a + N / 2, 1);
  a[N / 2] = v + 1;
  launch_scale(&mod, 32, a, N, 1);
  nurt_escape();
  /* the checks of a protected array leave its pages to faults: the read
   * faults on its page, the write once more, and only that page goes up
   * (issue 25 §1) */
  CHECK_EQ(since(s0).faults, d.faults + (lazy ? 2 : 0));
  CHECK_EQ(since(s0).copies_to_device, 12);
  for (long i = 0; i < N; i++)
    ref[i] *= 2;
  ref[N / 2] += 1;
  for (long i = 0; i < N; i++)
    CHECK(other_get(a, i) == ref[i]);
  nurt_free(a);
  free(ref);
}

static _Alignas(4096) float ga[N / 4], gb[N / 4]; /* globals: page-aligned */

/* One time step in a function of its own: kernels, then the escape that
 * generated code puts at the function's return. */
static void step(float *a, float *b, long n) {
  launch_scale(&mod, 40, a, n, 1);
  launch_copy(&mod, 41, b, a, n);
  nurt_escape();
}

static void steps(void) {
  /* fewer under ThreadSanitizer (runtime_tests.cmake): the same steps, each slow there */
  const char *env = getenv("NURT_TEST_STEPS");
  const int STEPS = env ? atoi(env) : 1000;
  struct {
    float *a, *b;
    long n;
    int lazy;
    const char *what;
  } runs[2] = {{numbers(N), numbers(N), N, 0, "malloc'ed"}, {ga, gb, N / 4, lazy_on(), "global"}};
  runs[0].lazy = heap_lazy(runs[0].a) && heap_lazy(runs[0].b);
  for (long i = 0; i < N / 4; i++)
    ga[i] = (float)i, gb[i] = 0;
  for (int r = 0; r < 2; r++) {
    nurt_stats s0 = stats_now();
    for (int t = 0; t < STEPS; t++)
      step(runs[r].a, runs[r].b, runs[r].n);
    nurt_stats d = since(s0);
    printf("%d steps, %s arrays, NU_LAZY=%d: %lu launches, %lu copies to the device, %lu to the "
           "host\n",
           STEPS, runs[r].what, runs[r].lazy, d.launches, d.copies_to_device, d.copies_to_host);
    CHECK_EQ(d.launches, 2 * STEPS);
    CHECK_EQ(d.copies_to_device, runs[r].lazy ? 2 : 2 * STEPS);
    CHECK_EQ(d.copies_to_host, runs[r].lazy ? 0 : 2 * STEPS);
    long n = runs[r].n;
    CHECK(other_sum(runs[r].a, 0, n) == ramp(1, 0, n)); /* the host reads: */
    CHECK(other_sum(runs[r].b, 0, n) == ramp(1, 0, n)); /* each comes back once */
    d = since(s0);
    printf("after the host read both: %lu copies to the host, %lu faults\n", d.copies_to_host,
           d.faults);
    /* a malloc'ed array read from its first element comes back whole (its
     * first page holds malloc's header); a global one page by page, each
     * fault serving more than the last (issue 25 §1): bytes once each */
    CHECK_EQ(d.bytes_to_host - (runs[r].lazy ? 0 : (unsigned long long)2 * (STEPS - 1) * n * 4),
             2ULL * n * sizeof(float));
    if (r == 0)
      CHECK_EQ(d.copies_to_host, runs[r].lazy ? 2UL : 2UL * STEPS);
    else
      CHECK(runs[r].lazy ? d.copies_to_host >= 2 && d.copies_to_host <= 24
                         : d.copies_to_host == 2UL * STEPS);
    CHECK_EQ(d.faults, runs[r].lazy ? d.copies_to_host : 0);
  }
  nurt_free(runs[0].a);
  nurt_free(runs[0].b);
}

/* Two globals that share a page: the shared page is not protected, the
 * bytes on it come back at the escape and go up again if the host wrote. */
static struct {
  _Alignas(4096) float a[3000]; /* [0, 12000): pages 0-1 its own, edge on page 2 */
  float b[3000];                /* [12000, 24000): pages 3-4 its own, two edges */
} g;

static void shared(void) {
  int lazy = lazy_on();
  for (long i = 0; i < 3000; i++)
    g.a[i] = (float)i, g.b[i] = 1000 + (float)i;
  nurt_stats s0 = stats_now();
  launch_scale(&mod, 50, g.a, 3000, 2);
  launch_scale(&mod, 51, g.b, 3000, 2);
  nurt_escape();
  CHECK_EQ(since(s0).copies_to_host, lazy ? 3 : 2); /* lazy: the three edges */
  CHECK(other_get(g.a, 2999) == 2 * 2999.0f);       /* on the shared page */
  CHECK(other_get(g.b, 0) == 2000);
  other_set(g.b, 0, -1);
  CHECK(other_get(g.a, 100) == 200); /* a's own page: a fault */
  launch_scale(&mod, 52, g.b, 3000, 10);
  nurt_host_access(g.b, 0);
  CHECK(g.b[0] == -10 && g.b[1] == 20020 && g.b[2999] == 79980);
  nurt_stats d = since(s0);
  CHECK_EQ(d.copies_to_device, 3); /* lazy: only the edge the host changed */
  /* lazy: the check brings back g.b's two edges, which fault on nothing */
  CHECK_EQ(d.copies_to_host, lazy ? 6 : 3);
  CHECK_EQ(d.faults, lazy ? 1 : 0);

  /* Small malloc'ed arrays share pages with malloc's data: not protected. */
  float *x = numbers(1000), *y = numbers(1000);
  s0 = stats_now();
  launch_scale(&mod, 53, x, 1000, 2);
  nurt_escape();
  other_set(y, 0, 5);
  CHECK(other_get(x, 999) == 1998 && other_get(y, 0) == 5);
  CHECK_EQ(since(s0).copies_to_host, 1);
  CHECK_EQ(since(s0).faults, 0);
  nurt_free(x);
  nurt_free(y);

  /* A protected page that also holds other data: the block's slack, and
   * malloc's header (read by malloc_usable_size). */
  float *z = malloc(N * sizeof *z + 64);
  CHECK(z);
  for (int round = 0; round < 2; round++) {
    launch_fill(&mod, 54, z, N, 3);
    s0 = stats_now();
    nurt_escape();
    if (round == 0)
      other_set(z, N + 2, 9); /* slack after the array, on its last page */
    else
      CHECK(other_usable_size(z) >= N * sizeof *z + 64);
    d = since(s0);
    CHECK_EQ(d.copies_to_host, 1);
    CHECK_EQ(d.faults, heap_lazy(z));
    CHECK(other_get(z, 0) == 3 && other_get(z, N - 1) == 3);
  }
  nurt_free(z);
}

/* An array on the stack is copied back at the escape, never protected. */
static void stack(void) {
  enum { M = 1 << 16 };
  float s[M];
  for (long i = 0; i < M; i++)
    s[i] = (float)i;
  nurt_stats s0 = stats_now();
  for (int r = 0; r < 2; r++) {
    launch_scale(&mod, 60, s, M, 2);
    nurt_escape();
    CHECK(other_sum(s, 0, M) == ramp(r ? 4 : 2, 0, M));
  }
  nurt_stats d = since(s0);
  CHECK_EQ(d.copies_to_device, 2);
  CHECK_EQ(d.copies_to_host, 2);
  CHECK_EQ(d.faults, 0);
}

/* A system call does not fault on a protected page: it would fail with
 * EFAULT.  nurt's wrappers of write() and read() (runtime/io.c) serve the
 * buffer first, as the handler serves a fault: the write copies the array
 * back (one copy, no fault), the read makes it host-fresh. */
static void syscall_io(void) {
  int lazy = lazy_on(), err;
  for (long i = 0; i < N / 4; i++)
    ga[i] = (float)i;
  launch_scale(&mod, 70, ga, N / 4, 2);
  nurt_escape();
  FILE *f = tmpfile();
  CHECK(f);
  int fd = fileno(f);
  long bytes = N / 4 * (long)sizeof(float);
  nurt_stats s0 = stats_now();
  CHECK(other_write(fd, ga, (size_t)bytes, &err) == bytes);
  nurt_stats d = since(s0);
  CHECK_EQ(d.copies_to_host, lazy ? 1 : 0);
  CHECK_EQ(d.faults, 0);
  launch_scale(&mod, 71, gb, N / 4, 1); /* gb device-fresh */
  nurt_escape();
  CHECK(lseek(fd, 0, SEEK_SET) == 0);
  CHECK(other_read(fd, gb, (size_t)bytes, &err) == bytes);
  for (long i = 0; i < N / 4; i++)
    CHECK(gb[i] == 2.0f * (float)i);
  launch_scale(&mod, 72, gb, N / 4, 2); /* the kernel sees what read() wrote */
  nurt_host_access(gb, 0);
  for (long i = 0; i < N / 4; i++)
    CHECK(gb[i] == 4.0f * (float)i);
  fclose(f);
}

int main(int argc, char **argv) {
  static const struct {
    const char *name;
    void (*run)(void);
  } tests[] = {{"escape", escape},     {"free", free_malloc}, {"alternate", alternate},
               {"steps", steps},       {"shared", shared},    {"stack", stack},
               {"syscall", syscall_io}};
  for (size_t i = 0; argc > 1 && i < sizeof tests / sizeof *tests; i++)
    if (!strcmp(argv[1], tests[i].name)) {
      tests[i].run();
      printf("test_lazy %s: ok\n", argv[1]);
      return 0;
    }
  fprintf(stderr, "usage: test_lazy escape|free|alternate|steps|shared|stack|syscall\n");
  return 2;
}
