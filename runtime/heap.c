/* heap.c — the heap blocks the program allocated, so that a launch can size
 * an array whose subscripts the compiler could not bound: the array is the
 * block its pointer points into (docs/runtime.md, "Heap extents").
 *
 * malloc, calloc, realloc, free and the aligned allocators are defined here
 * and call glibc's own entry points (__libc_malloc, ...), so every object of
 * the program allocates through them, files nucc never saw included, and no
 * dlsym is needed (dlsym itself allocates).  Blocks under NURT_HEAP_MIN bytes
 * are not recorded: most of a program's allocations are small, and a kernel
 * over a few bytes is unlikely (RSBench looks up a material table of 12 ints); a pointer into one
 * is then in no known block, an error at the launch, never a guess.
 *
 * Under AddressSanitizer or ThreadSanitizer the sanitizer owns malloc: no
 * table, and only a block's start is known, from the sanitizer's allocator. */
#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "nurt_internal.h"

#if !NURT_SANITIZED && defined(__GLIBC__)
#define NURT_HEAP_TABLE 1
#endif

#ifdef NURT_HEAP_TABLE

void *__libc_malloc(size_t n);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t n);
void __libc_free(void *p);
void *__libc_memalign(size_t align, size_t n);
void *__libc_valloc(size_t n);
void *__libc_pvalloc(size_t n);

typedef struct block {
  uintptr_t lo;
  size_t bytes;
  unsigned long gen;  /* which allocation: a block freed and allocated again differs */
  struct block *next; /* in its bucket, or in the free list */
} block;
static unsigned long gens; /* under the lock: the last block's gen */

/* A chained hash table by start address.  The lock is held only over the
 * table's own loads and stores, never over a call: malloc is not called
 * under it (nodes and bucket arrays are allocated before it is taken), and
 * nothing under it touches memory nurt may protect, so neither the fault
 * handler nor a fork can find it held by code that waits on something. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static block *first_buckets[1024];
static block **buckets = first_buckets;
static size_t nbuckets = 1024;
static size_t count; /* atomic reads outside the lock: 0 spares free() the lock */
static block *spare; /* free nodes */

static size_t hash(uintptr_t lo, size_t n) {
  return (size_t)(((uint64_t)(lo >> 4) * 0x9E3779B97F4A7C15ull) >> 20) & (n - 1);
}

/* Takes the lock with a free node at hand; 0 when none can be allocated. */
static int lock_with_node(void) {
  pthread_mutex_lock(&lock);
  while (!spare) {
    pthread_mutex_unlock(&lock);
    enum { SLAB = 64 };
    block *s = __libc_malloc(SLAB * sizeof *s);
    if (!s)
      return 0;
    for (int i = 0; i < SLAB - 1; i++)
      s[i].next = &s[i + 1];
    pthread_mutex_lock(&lock);
    s[SLAB - 1].next = spare;
    spare = s;
  }
  return 1;
}

/* Twice the buckets once the chains average two nodes; the new array is
 * allocated without the lock, and dropped if another thread grew first. */
static void grow(void) {
  size_t n = __atomic_load_n(&nbuckets, __ATOMIC_RELAXED);
  if (__atomic_load_n(&count, __ATOMIC_RELAXED) <= 2 * n)
    return;
  block **nb = __libc_calloc(2 * n, sizeof(block *));
  if (!nb)
    return;
  block **old = NULL;
  pthread_mutex_lock(&lock);
  if (nbuckets == n) {
    for (size_t i = 0; i < n; i++)
      for (block *b = buckets[i], *next; b; b = next) {
        next = b->next;
        size_t h = hash(b->lo, 2 * n);
        b->next = nb[h];
        nb[h] = b;
      }
    old = buckets;
    buckets = nb;
    __atomic_store_n(&nbuckets, 2 * n, __ATOMIC_RELAXED);
    nb = NULL;
  }
  pthread_mutex_unlock(&lock);
  if (old != first_buckets)
    __libc_free(old);
  __libc_free(nb);
}

static void record(void *p, size_t bytes) {
  if (!p || bytes < NURT_HEAP_MIN || !lock_with_node())
    return; /* a block not recorded is only an error at a launch that uses it */
  block *b = spare;
  spare = b->next;
  b->lo = (uintptr_t)p;
  b->bytes = bytes;
  b->gen = ++gens;
  size_t h = hash(b->lo, nbuckets);
  b->next = buckets[h];
  buckets[h] = b;
  __atomic_store_n(&count, count + 1, __ATOMIC_RELAXED);
  pthread_mutex_unlock(&lock);
  grow();
}

/* Under the lock: the link that holds the block starting at a, or the
 * null link at the end of its chain. */
static block **link_of(uintptr_t a) {
  block **at = &buckets[hash(a, nbuckets)];
  while (*at && (*at)->lo != a)
    at = &(*at)->next;
  return at;
}

/* Drops the block at p; its size, or 0 when it was not recorded. */
static size_t forget(void *p) {
  if (!p || !__atomic_load_n(&count, __ATOMIC_RELAXED))
    return 0;
  size_t bytes = 0;
  pthread_mutex_lock(&lock);
  block **at = link_of((uintptr_t)p);
  if (*at) {
    block *b = *at;
    *at = b->next;
    bytes = b->bytes;
    b->next = spare;
    spare = b;
    __atomic_store_n(&count, count - 1, __ATOMIC_RELAXED);
  }
  pthread_mutex_unlock(&lock);
  return bytes;
}

void *malloc(size_t n) {
  void *p = __libc_malloc(n);
  record(p, n);
  return p;
}

void *calloc(size_t n, size_t size) {
  void *p = __libc_calloc(n, size);
  record(p, n * size); /* no overflow: calloc returned a block */
  return p;
}

/* The block leaves the table before glibc may hand its address to another
 * thread, and comes back if realloc fails (then it is still the program's). */
void *realloc(void *p, size_t n) {
  size_t old = forget(p);
  void *q = __libc_realloc(p, n);
  if (q)
    record(q, n);
  else if (n)
    record(p, old);
  return q;
}

void *reallocarray(void *p, size_t n, size_t size) {
  if (size && n > SIZE_MAX / size) {
    errno = ENOMEM;
    return NULL;
  }
  if (!n || !size) { /* glibc: realloc(p, 0), which frees p */
    free(p);
    return NULL;
  }
  return realloc(p, n * size);
}

void free(void *p) {
  forget(p);
  __libc_free(p);
}

void *memalign(size_t align, size_t n) {
  void *p = __libc_memalign(align, n);
  record(p, n);
  return p;
}

int posix_memalign(void **out, size_t align, size_t n) {
  if (align % sizeof(void *) || (align & (align - 1)) || !align)
    return EINVAL;
  int saved = errno;
  void *p = __libc_memalign(align, n);
  errno = saved;
  if (!p)
    return ENOMEM;
  record(p, n);
  *out = p;
  return 0;
}

void *aligned_alloc(size_t align, size_t n) {
  if (!align || (align & (align - 1))) {
    errno = EINVAL;
    return NULL;
  }
  return memalign(align, n);
}

void *valloc(size_t n) {
  void *p = __libc_valloc(n);
  record(p, n);
  return p;
}

void *pvalloc(size_t n) {
  void *p = __libc_pvalloc(n);
  record(p, n); /* the pages beyond n are the program's too, but unasked */
  return p;
}

/* A thread that held the lock when another forked does not exist in the
 * child: the lock is made free there.  The table is whole at every store
 * that a fork could stop between, except inside grow()'s rehash. */
static void child(void) {
  pthread_mutex_t fresh = PTHREAD_MUTEX_INITIALIZER;
  memcpy(&lock, &fresh, sizeof lock);
}

__attribute__((constructor)) static void at_fork(void) { pthread_atfork(NULL, NULL, child); }

int nurt_heap_block(const void *p, uintptr_t *lo, size_t *bytes) {
  uintptr_t a = (uintptr_t)p;
  int found = 0;
  pthread_mutex_lock(&lock);
  const block *start = *link_of(a);
  if (start)
    *lo = start->lo, *bytes = start->bytes, found = 1;
  /* an interior pointer (p = a + off): a walk of every block, made only at
   * a launch that passes one */
  for (size_t i = 0; i < nbuckets && !found; i++)
    for (block *b = buckets[i]; b && !found; b = b->next)
      if (b->lo <= a && a - b->lo < b->bytes)
        *lo = b->lo, *bytes = b->bytes, found = 1;
  pthread_mutex_unlock(&lock);
  return found;
}

int nurt_heap_tracked(void) { return 1; }

unsigned long nurt_heap_generation(const void *p) {
  uintptr_t a = (uintptr_t)p;
  pthread_mutex_lock(&lock);
  const block *b = *link_of(a);
  unsigned long gen = b ? b->gen : 0;
  pthread_mutex_unlock(&lock);
  return gen;
}

#else /* the sanitizer's allocator: block starts only */

int __sanitizer_get_ownership(const volatile void *p) __attribute__((weak));
size_t __sanitizer_get_allocated_size(const volatile void *p) __attribute__((weak));
/* AddressSanitizer's own map of memory: for a heap address, the chunk's
 * start and size, interior pointers included */
const char *__asan_locate_address(void *addr, char *name, size_t name_size, void **region_address,
                                  size_t *region_size) __attribute__((weak));

int nurt_heap_block(const void *p, uintptr_t *lo, size_t *bytes) {
  if (!p)
    return 0;
  if (__asan_locate_address) {
    void *start = NULL;
    size_t size = 0;
    const char *kind = __asan_locate_address((void *)(uintptr_t)p, NULL, 0, &start, &size);
    if (kind && strcmp(kind, "heap") == 0 && start && size &&
        (uintptr_t)p - (uintptr_t)start < size) {
      *lo = (uintptr_t)start;
      *bytes = size;
      return 1;
    }
  }
  if (!__sanitizer_get_ownership || !__sanitizer_get_allocated_size ||
      !__sanitizer_get_ownership(p))
    return 0;
  *lo = (uintptr_t)p;
  *bytes = __sanitizer_get_allocated_size(p);
  return 1;
}

int nurt_heap_tracked(void) { return 0; }

unsigned long nurt_heap_generation(const void *p) {
  (void)p;
  return 0;
}

#endif

void nurt_heap_link(void) {}

/* nurt's own growing arrays (declared in nurt_internal.h). */
void *nurt_grow(void *p, size_t *cap, size_t elem) {
  size_t n = *cap ? 2 * *cap : 8;
  void *q = realloc(p, n * elem);
  if (!q)
    nurt_fatal("out of host memory");
  *cap = n;
  return q;
}
