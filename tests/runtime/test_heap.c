/* test_heap.c — runtime/heap.c's table of heap blocks alone: what
 * nurt_heap_block says of pointers into blocks from each allocator, after
 * realloc moves a block, after free and a new block at the same address,
 * of memory that is no block, and while threads allocate concurrently.
 * This file is not nucc's: its blocks are known because nurt interposes
 * the allocator for the whole program.  With "bench", times a malloc/free
 * loop (docs/runtime.md quotes it). */
#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "nurt_internal.h" /* first: it sets nurt.h up for nurt's insides */

#include "check.h"

/* p points into the block [lo, lo + bytes). */
static void expect_block(const void *p, const void *lo, size_t bytes) {
  uintptr_t l = 0;
  size_t n = 0;
  CHECK(nurt_heap_block(p, &l, &n));
  CHECK_EQ(l, (uintptr_t)lo);
  CHECK_EQ(n, bytes);
}

static int in_a_block(const void *p) {
  uintptr_t l;
  size_t n;
  return nurt_heap_block(p, &l, &n);
}

/* The address a, kept as a number (the block is gone), starts no block. */
static int starts_no_block(uintptr_t a) {
  uintptr_t l;
  size_t n;
  return !nurt_heap_block((const void *)a, &l, &n) || l != a;
}

static void *churn(void *arg) {
  unsigned seed = (unsigned)(uintptr_t)arg;
  char *mine[64] = {0};
  size_t size[64] = {0};
  for (int i = 0; i < 20000; i++) {
    int s = (int)(rand_r(&seed) % 64);
    if (mine[s]) {
      expect_block(mine[s] + size[s] / 2, mine[s], size[s]);
      free(mine[s]);
    }
    size[s] = NURT_HEAP_MIN + rand_r(&seed) % 5000;
    mine[s] = s % 3 ? malloc(size[s]) : calloc(1, size[s]);
    CHECK(mine[s]);
  }
  for (int s = 0; s < 64; s++)
    free(mine[s]);
  return NULL;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ns per malloc + free of `bytes`, 64 blocks live at a time */
static double loop_ns(size_t bytes) {
  enum { N = 4000000 };
  void *live[64] = {0};
  double t = now();
  for (int i = 0; i < N; i++) {
    free(live[i & 63]);
    live[i & 63] = malloc(bytes);
  }
  for (int i = 0; i < 64; i++)
    free(live[i]);
  return (now() - t) * 1e9 / N;
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "bench")) {
    printf("malloc+free: %.1f ns (32 B, untracked), %.1f ns (1 KiB, tracked)\n", loop_ns(32),
           loop_ns(1024));
    return 0;
  }
  /* each allocator; interior pointers; one past the end is outside */
  char *m = malloc(1000);
  CHECK(m);
  memset(m, 0, 1000);
  expect_block(m, m, 1000);
  expect_block(m + 999, m, 1000);
  expect_block(m + 400, m, 1000);
  uintptr_t l = 0;
  size_t n;
  CHECK(!nurt_heap_block(m + 1000, &l, &n) || l != (uintptr_t)m);
  double *c = calloc(300, sizeof *c);
  expect_block(c + 299, c, 300 * sizeof *c);
  void *pm = NULL;
  CHECK(posix_memalign(&pm, 4096, 5000) == 0);
  CHECK((uintptr_t)pm % 4096 == 0);
  expect_block((char *)pm + 4999, pm, 5000);
  void *bad = NULL;
  CHECK(posix_memalign(&bad, 3, 5000) == EINVAL && !bad);
  char *aa = aligned_alloc(256, 2048);
  CHECK((uintptr_t)aa % 256 == 0);
  expect_block(aa + 2000, aa, 2048);
  char *ma = memalign(128, 700);
  expect_block(ma + 1, ma, 700);
  /* a large block: glibc maps it, the table has it too */
  char *big = malloc(8 << 20);
  expect_block(big + (4 << 20), big, (size_t)8 << 20);

  /* realloc: the block that moved is gone, the new one is known */
  char *r = malloc(600);
  char *keep = malloc(600); /* so that r cannot grow in place */
  uintptr_t was = (uintptr_t)r;
  char *r2 = realloc(r, 100000);
  CHECK(r2);
  expect_block(r2 + 99999, r2, 100000);
  CHECK((uintptr_t)r2 == was || starts_no_block(was));
  r2 = realloc(r2, 400); /* shrunk: the smaller size */
  expect_block(r2, r2, 400);
  char *r3 = realloc(r2, NURT_HEAP_MIN - 8); /* under the table's size: no longer in it */
  CHECK(r3 && !in_a_block(r3));
  free(r3);

  /* free, then a block at the same address: its own size */
  char *f = malloc(5000);
  was = (uintptr_t)f;
  free(f);
  CHECK(starts_no_block(was));
  char *g = malloc(3000);
  if ((uintptr_t)g == was) /* glibc's tcache gives it back at once */
    CHECK(!in_a_block(g + 4000));
  expect_block(g + 2999, g, 3000);

  /* not blocks: a small one (untracked), the stack, an mmap region, NULL */
  char *small = malloc(16);
  CHECK(!in_a_block(small));
  char stack[4096];
  memset(stack, 1, sizeof stack);
  CHECK(!in_a_block(stack + 100));
  char *map = mmap(NULL, 1 << 16, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  CHECK(map != MAP_FAILED);
  CHECK(!in_a_block(map + 10));
  CHECK(!in_a_block(NULL));

  /* threads allocating and asking at once */
  pthread_t t[8];
  for (int i = 0; i < 8; i++)
    CHECK(pthread_create(&t[i], NULL, churn, (void *)(uintptr_t)(i + 1)) == 0);
  for (int i = 0; i < 8; i++)
    pthread_join(t[i], NULL);
  expect_block(m + 1, m, 1000); /* still there after the others' churn */

  was = (uintptr_t)m;
  free(m);
  CHECK(starts_no_block(was));
  free(c);
  free(pm);
  free(aa);
  free(ma);
  free(big);
  free(keep);
  free(g);
  free(small);
  munmap(map, 1 << 16);
  printf("test_heap: ok\n");
  return 0;
}
