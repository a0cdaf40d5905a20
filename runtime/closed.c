/* closed.c — which page ranges nurt has protected, and how, readable by any
 * thread without the table lock.  guard.c records every mprotect here; the
 * wrappers of io.c ask, before each system call, whether its buffer touches
 * such a page.  They must not take the lock to ask: the OpenCL driver's own
 * threads call read() and write() while the lock's holder waits for them. */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "nurt_internal.h"

/* A run of pages [lo, hi) with protection prot (never read-write).  Fields
 * are read and written with atomic builtins: readers race with the writer
 * by design and retry (a seqlock), so every access must be atomic. */
typedef struct {
  uintptr_t lo, hi;
  int prot;
} run;

typedef struct runs {
  size_t cap;
  struct runs *retired; /* an older, smaller array: readers may still hold it */
  run v[];
} runs;

static pthread_mutex_t writer = PTHREAD_MUTEX_INITIALIZER;
static unsigned seq; /* odd while the writer changes the set */
/* The set lives as long as the process: another thread may be reading it
 * while the exit handlers run. */
static runs *live;   /* the set: disjoint runs in address order, touching
                      * runs of one protection joined */
static size_t nruns; /* runs in use; 0 makes every question free */
static run *scratch; /* the writer's next set, built before it is published */
static size_t scratch_cap;

/* Each field is stored with release after the writer made seq odd, and
 * loaded with acquire before the reader loads seq again: a reader that saw
 * any new value sees seq changed (no fences: ThreadSanitizer does not
 * model them, and on x86-64 these orders cost nothing). */
static uintptr_t ld(const uintptr_t *p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }

int nurt_closed_any(uintptr_t lo, uintptr_t hi, int need) {
  if (__atomic_load_n(&nruns, __ATOMIC_RELAXED) == 0)
    return 0;
  for (;;) {
    unsigned s = __atomic_load_n(&seq, __ATOMIC_ACQUIRE);
    if (s & 1) {
      sched_yield();
      continue;
    }
    runs *r = __atomic_load_n(&live, __ATOMIC_ACQUIRE);
    size_t n = __atomic_load_n(&nruns, __ATOMIC_ACQUIRE);
    n = r && n < r->cap ? n : r ? r->cap : 0;
    /* the first run ending after lo: a torn read only misplaces the
     * search, and the seq check below then retries it */
    size_t a = 0, b = n;
    while (a < b) {
      size_t mid = a + (b - a) / 2;
      if (ld(&r->v[mid].hi) <= lo)
        a = mid + 1;
      else
        b = mid;
    }
    int hit = 0;
    for (size_t i = a; i < n && ld(&r->v[i].lo) < hi && !hit; i++)
      hit = (__atomic_load_n(&r->v[i].prot, __ATOMIC_ACQUIRE) & need) != need;
    if (__atomic_load_n(&seq, __ATOMIC_RELAXED) == s)
      return hit;
  }
}

/* Appends [lo, hi) to the writer's next set, joined to the run before it
 * where the two touch with the same protection: runs set page by page
 * would otherwise stay apart, and the set grow by a run per call. */
static void put(size_t *n, uintptr_t lo, uintptr_t hi, int prot) {
  if (lo >= hi)
    return;
  if (*n && scratch[*n - 1].hi == lo && scratch[*n - 1].prot == prot) {
    scratch[*n - 1].hi = hi;
    return;
  }
  if (*n == scratch_cap) {
    size_t c = scratch_cap ? 2 * scratch_cap : 16;
    run *t = realloc(scratch, c * sizeof *t);
    if (!t)
      nurt_fatal("out of host memory for the set of protected pages");
    scratch = t;
    scratch_cap = c;
  }
  scratch[(*n)++] = (run){lo, hi, prot};
}

void nurt_closed_set(uintptr_t lo, uintptr_t hi, int prot) {
  pthread_mutex_lock(&writer);
  /* The next set, in address order: the runs below lo, the part below lo
   * of the first run across it, [lo, hi) itself, the part above hi of the
   * last run across it, the runs above hi.  Readers bisect it. */
  size_t n = 0, i = 0, j;
  const run *v = live ? live->v : NULL;
  size_t have = v ? nruns : 0;
  for (; i < have && v[i].hi <= lo; i++)
    put(&n, v[i].lo, v[i].hi, v[i].prot);
  for (j = i; j < have && v[j].lo < hi; j++)
    put(&n, v[j].lo, v[j].lo < lo ? lo : v[j].lo, v[j].prot);
  if (prot != (PROT_READ | PROT_WRITE))
    put(&n, lo, hi, prot);
  for (size_t k = i; k < j; k++)
    put(&n, v[k].hi > hi ? hi : v[k].hi, v[k].hi, v[k].prot);
  for (; j < have; j++)
    put(&n, v[j].lo, v[j].hi, v[j].prot);
  runs *r = live;
  if (!r || r->cap < n) { /* a bigger array; the old one stays readable */
    size_t c = r ? 2 * r->cap : 16;
    while (c < n)
      c *= 2;
    runs *g = calloc(1, sizeof *g + c * sizeof(run));
    if (!g)
      nurt_fatal("out of host memory for the set of protected pages");
    g->cap = c;
    g->retired = r;
    r = g;
  }
  __atomic_store_n(&seq, seq + 1, __ATOMIC_RELAXED);
  for (size_t i = 0; i < n; i++) {
    __atomic_store_n(&r->v[i].lo, scratch[i].lo, __ATOMIC_RELEASE);
    __atomic_store_n(&r->v[i].hi, scratch[i].hi, __ATOMIC_RELEASE);
    __atomic_store_n(&r->v[i].prot, scratch[i].prot, __ATOMIC_RELEASE);
  }
  __atomic_store_n(&live, r, __ATOMIC_RELEASE);
  __atomic_store_n(&nruns, n, __ATOMIC_RELEASE);
  __atomic_store_n(&seq, seq + 1, __ATOMIC_RELEASE);
  pthread_mutex_unlock(&writer);
}

size_t nurt_closed_runs(void) { return __atomic_load_n(&nruns, __ATOMIC_ACQUIRE); }
