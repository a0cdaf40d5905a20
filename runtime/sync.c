/* sync.c — lazy synchronisation by page protection (SPEC §5, docs/runtime.md):
 * keeps the pages an entry owns in step with its state (device-fresh:
 * PROT_NONE, both: PROT_READ, host-fresh: read-write), serves the faults
 * guard.c's handler hands it, nurt_host_access, nurt_escape, nurt_sync_all.
 * Copies happen in copies.c; callers hold nurt_lock. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "nurt_internal.h"

enum { RW = PROT_READ | PROT_WRITE, RO = PROT_READ, NONE = PROT_NONE };

/* Entries not HOST_FRESH: 0 makes host access free.  Changed under the
 * lock, read without it by nurt_host_access's first test: atomic. */
static size_t nlive;

static uintptr_t lo_of(const nurt_entry *e) { return (uintptr_t)e->base; }
static uintptr_t hi_of(const nurt_entry *e) { return (uintptr_t)e->base + e->bytes; }
static uintptr_t down(uintptr_t a) { return a & ~(nurt_page() - 1); }
static uintptr_t up(uintptr_t a) { return down(a + nurt_page() - 1); }
static uintptr_t max_of(uintptr_t a, uintptr_t b) { return a > b ? a : b; }
static uintptr_t min_of(uintptr_t a, uintptr_t b) { return a < b ? a : b; }

/* The shadow of an unprotected entry (nurt_entry.shadow): taken when it
 * leaves host-fresh and after every copy back, so it always holds the host
 * bytes that match the device's (both) or that the device's newer data
 * replaced (device-fresh).  An upload may still read it: wait first. */
static void take_shadow(nurt_entry *e) {
  nurt_wait_upload(e);
  if (!e->shadow && !(e->shadow = malloc(e->bytes)))
    nurt_fatal("out of host memory for a %zu-byte copy of an array nurt cannot protect "
               "(NU_LAZY=0, or a stack or small heap array)",
               e->bytes);
  memcpy(e->shadow, e->base, e->bytes);
}

static void drop_shadow(nurt_entry *e) {
  if (!e->shadow)
    return;
  nurt_wait_upload(e);
  free(e->shadow);
  e->shadow = NULL;
}

/* The one place that writes an entry's guard.  YES comes with the pages it
 * owns, [glo, ghi), head, set by classify(); they start read-write. */
static void set_guard(nurt_entry *e, nurt_guard g) {
  NURT_ASSERT(g != NURT_GUARD_YES || (e->glo < e->ghi && e->prot == RW && e->head_prot == RW),
              "an entry guarded without its pages");
  NURT_ASSERT(g == NURT_GUARD_YES || !nurt_is_guarded(e) || (e->prot == RW && e->head_prot == RW),
              "an entry unguarded with its pages still protected");
  e->guard = g;
}

/* e's pages are no longer protected: from now on its shadow is the proof. */
static void unprotected(nurt_entry *e) {
  set_guard(e, NURT_GUARD_NO);
  if (nurt_on_device(e))
    take_shadow(e);
}

/* Sets e's owned pages to `body`, its head page (if any) to `head`.  Before
 * a page becomes PROT_NONE no upload may still read it: the driver thread
 * that copies would fault.  If mprotect fails, e is no longer protected. */
void nurt_protect(nurt_entry *e, int body, int head) {
  NURT_LOCKED();
  if (!nurt_is_guarded(e))
    return;
  uintptr_t blo = e->head ? e->glo + nurt_page() : e->glo;
  if (!e->head)
    head = body;
  if ((body == NONE && e->prot != NONE) || (head == NONE && e->head_prot != NONE))
    nurt_wait_uploads_on(e->glo, e->ghi);
  int failed = 0;
  if (e->head && head != e->head_prot)
    failed |= nurt_guard_protect(e->glo, blo, head);
  if (body != e->prot && blo < e->ghi)
    failed |= nurt_guard_protect(blo, e->ghi, body);
  e->prot = body;
  e->head_prot = head;
  if (failed) {
    nurt_guard_protect(e->glo, e->ghi, RW); /* fails only where nothing is mapped */
    e->prot = e->head_prot = RW;
    unprotected(e);
  }
}

void nurt_unguard(nurt_entry *e) {
  nurt_protect(e, RW, RW);
  unprotected(e);
}

/* Some page of [lo, hi) is protected below `need` (PROT_READ or RW). */
int nurt_guarded_below(uintptr_t lo, uintptr_t hi, int need) {
  NURT_LOCKED();
  lo = down(lo);
  hi = up(hi);
  nurt_entry *x;
  for (size_t i = 0; (x = nurt_table_at(i)); i++)
    if (nurt_is_guarded(x) && x->glo < hi && lo < x->ghi &&
        ((x->prot & need) != need || (x->head_prot & need) != need))
      return 1;
  return 0;
}

/* Without /proc/self/mem: raises to at least `need` the protected pages on
 * [lo, hi) of every entry, saving each one's protection for restore(): an
 * entry left open would no longer fault, and its host copy may be stale. */
typedef struct {
  nurt_entry *e;
  int prot, head_prot;
} saved;
typedef struct {
  saved *v;
  size_t n, cap;
} saved_list;

static void expose(uintptr_t lo, uintptr_t hi, int need, saved_list *s) {
  lo = down(lo);
  hi = up(hi);
  nurt_entry *x;
  for (size_t i = 0; (x = nurt_table_at(i)); i++) {
    if (!nurt_is_guarded(x) || x->ghi <= lo || hi <= x->glo)
      continue;
    if ((x->prot & need) == need && (x->head_prot & need) == need)
      continue;
    if (s->n == s->cap) {
      size_t c = s->cap ? 2 * s->cap : 4;
      saved *v = realloc(s->v, c * sizeof *v);
      if (!v)
        nurt_fatal("out of host memory opening protected pages for a copy");
      s->v = v;
      s->cap = c;
    }
    s->v[s->n++] = (saved){x, x->prot, x->head_prot};
    nurt_protect(x, x->prot | need, x->head_prot | need);
  }
}

static void restore(saved_list *s) {
  for (size_t i = 0; i < s->n; i++)
    nurt_protect(s->v[i].e, s->v[i].prot, s->v[i].head_prot);
  free(s->v);
}

/* Host-to-device copy of [lo, hi) of the host memory into e's buffer;
 * asynchronous unless it reads protected pages, which go through
 * /proc/self/mem (copies.c) or, without it, are opened meanwhile. */
void nurt_upload(nurt_entry *e, uintptr_t lo, uintptr_t hi, const nurt_where *w) {
  NURT_LOCKED();
  if (hi <= lo)
    return;
  int closed = nurt_guarded_below(lo, hi, RO);
  if (closed && nurt_copy_staged(e, 0, lo, hi, w))
    return;
  saved_list s = {0};
  if (closed)
    expose(lo, hi, RO, &s);
  nurt_copy_up(e, lo, hi, s.n != 0, w);
  restore(&s);
}

/* Blocking device-to-host copy of [lo, hi) of e.  Into protected pages it
 * goes through /proc/self/mem, so that no other thread of the program sees
 * them half written; without it they are opened meanwhile. */
void nurt_read_back(nurt_entry *e, uintptr_t lo, uintptr_t hi) {
  NURT_LOCKED();
  if (hi <= lo)
    return;
  if (nurt_guarded_below(lo, hi, RW) && nurt_copy_staged(e, 1, lo, hi, &e->writer))
    return;
  saved_list s = {0};
  expose(lo, hi, RW, &s);
  nurt_copy_down(e, lo, hi);
  restore(&s);
}

/* Which pages e owns: none when another entry has bytes or protected pages
 * on them (then they stay read-write and their bytes are edges). */
static void classify(nurt_entry *e) {
  uintptr_t glo, ghi, head;
  set_guard(e, NURT_GUARD_NO);
  if (!nurt_guard_candidate(lo_of(e), hi_of(e), &glo, &ghi, &head))
    return;
  for (int tries = 0; tries < 2; tries++) {
    int clash = 0;
    nurt_entry *x;
    for (size_t i = 0; (x = nurt_table_at(i)); i++)
      if (x != e && ((lo_of(x) < ghi && glo < hi_of(x)) ||
                     (nurt_is_guarded(x) && x->glo < ghi && glo < x->ghi)))
        clash = 1;
    if (!clash)
      break;
    if (tries || ghi == down(hi_of(e)))
      return;
    ghi = down(hi_of(e)); /* maybe only the last page is shared */
  }
  if (glo >= ghi)
    return;
  e->glo = glo;
  e->ghi = ghi;
  e->head = head;
  e->prot = e->head_prot = RW;
  set_guard(e, NURT_GUARD_YES);
}

/* Enters state s, with the pages' protection that goes with it. */
static void enter(nurt_entry *e, nurt_state s) {
  size_t live = nlive - nurt_on_device(e) + (s != NURT_HOST_FRESH);
  __atomic_store_n(&nlive, live, __ATOMIC_RELAXED);
  e->state = s; /* the only write of an entry's state */
  if (nurt_is_host_fresh(e)) {
    nurt_protect(e, RW, RW);
    set_guard(e, NURT_GUARD_UNKNOWN); /* the memory may be another array next time */
    e->loose = 0;
    free(e->snap);
    e->snap = NULL;
    drop_shadow(e);
    return;
  }
  if (e->guard == NURT_GUARD_UNKNOWN)
    classify(e);
  if (!nurt_is_guarded(e) && !e->shadow)
    take_shadow(e);
  int p = s == NURT_DEVICE_FRESH ? NONE : RO;
  nurt_protect(e, p, p);
}

#ifndef NDEBUG
static void assert_entry_state(const nurt_entry *e);
#endif

/* The event × state table: the next state, or -1 where the event is a bug
 * (a kernel writing a stale device copy, host-fresh data copied back,
 * the host writing over data only the device holds). */
#define NO ((nurt_state)-1)
static const nurt_state next_state[NURT_ON_COUNT][3] = {
    /*                       HOST_FRESH          DEVICE_FRESH        BOTH */
    [NURT_ON_UPLOADED] = {NURT_BOTH, NO, NO},
    [NURT_ON_KERNEL_WROTE] = {NO, NURT_DEVICE_FRESH, NURT_DEVICE_FRESH},
    [NURT_ON_COPIED_BACK] = {NO, NURT_BOTH, NO},
    [NURT_ON_HOST_WRITES] = {NURT_HOST_FRESH, NO, NURT_HOST_FRESH},
    [NURT_ON_FORGOTTEN] = {NURT_HOST_FRESH, NURT_HOST_FRESH, NURT_HOST_FRESH},
    [NURT_ON_DEVICE_KEPT] = {NURT_DEVICE_FRESH, NURT_DEVICE_FRESH, NURT_DEVICE_FRESH},
};
#undef NO

void nurt_transition(nurt_entry *e, nurt_event ev) {
  NURT_LOCKED();
  static const char *const events[] = {"uploaded",    "kernel wrote", "copied back",
                                       "host writes", "forgotten",    "device kept"};
  static const char *const states[] = {"host-fresh", "device-fresh", "both"};
  nurt_state s = next_state[ev][e->state];
  if ((int)s < 0) /* a bug in nurt: fail loudly, in every build */
    nurt_fatal("internal error: event '%s' on the array at %p (%zu bytes) in state %s", events[ev],
               (void *)e->base, e->bytes, states[e->state]);
  enter(e, s);
#ifndef NDEBUG
  assert_entry_state(e); /* the whole table is checked when the operation ends */
#endif
}

/* Device-fresh e comes back; then, where the host is about to write it
 * (then_writes), it goes on to host-fresh at once, without the refresh of
 * its shadow that the state both needs (a copy of the whole array, which
 * ThreadSanitizer's checked memcpy made 20 times slower than the rest). */
static void copy_back(nurt_entry *e, int then_writes) {
  uintptr_t lo = lo_of(e), hi = hi_of(e);
  if (e->loose) { /* the edges on the host are as new as the device's */
    lo = max_of(lo, e->glo);
    hi = min_of(hi, e->ghi);
  }
  nurt_read_back(e, lo, hi);
  nurt_transition(e, NURT_ON_COPIED_BACK);
  if (then_writes)
    nurt_host_fresh(e);
  else if (!nurt_is_guarded(e))
    take_shadow(e); /* the host bytes now match the device's */
}

void nurt_copy_back(nurt_entry *e) { copy_back(e, 0); }

/* Host code will touch e (write: 1, a read: 0): fresh on the host first. */
static void bring_back(nurt_entry *e, int write) {
  if (nurt_is_device_fresh(e))
    copy_back(e, write);
  else if (write)
    nurt_host_fresh(e);
}

void nurt_upload_whole(nurt_entry *e, const nurt_where *w) {
  NURT_LOCKED();
  if (e->guard == NURT_GUARD_UNKNOWN)
    classify(e);
  if (nurt_is_guarded(e)) {
    nurt_upload(e, lo_of(e), hi_of(e), w);
  } else {
    /* from the shadow: a host write nucc does not see (a declaration's
     * initializer) cannot race with the copy */
    take_shadow(e);
    nurt_upload_from(e, e->shadow, w);
  }
  nurt_transition(e, NURT_ON_UPLOADED);
}

void nurt_check_unseen(nurt_entry *e, const nurt_where *w) {
  NURT_LOCKED();
  if (nurt_is_guarded(e) || nurt_is_host_fresh(e) || memcmp(e->base, e->shadow, e->bytes) == 0)
    return;
  if (nurt_is_device_fresh(e))
    nurt_fatal("%s:%d: the host changed the array at %p (%zu bytes, memory nurt cannot protect) "
               "after the kernel of %s:%d wrote it, by a write nucc did not see; the device's "
               "results and the host's write cannot both be kept (please report this as a nucc "
               "bug, with the statement that writes the array)",
               w && w->file ? w->file : "?", w ? w->line : 0, (void *)e->base, e->bytes,
               e->writer.file ? e->writer.file : "?", e->writer.line);
  nurt_counters.unseen++;
  nurt_host_fresh(e);
  nurt_upload_whole(e, w);
}

/* Every entry with bytes on [lo, hi), in turn (the table may not change
 * under `fn`). */
static void each_on(uintptr_t lo, uintptr_t hi, void (*fn)(nurt_entry *, uintptr_t, uintptr_t, int),
                    int arg) {
  nurt_entry *e;
  for (size_t i = 0; (e = nurt_table_at(i)); i++) {
    if (lo_of(e) < hi && lo < hi_of(e))
      fn(e, lo, hi, arg);
  }
}

static void range_access(nurt_entry *e, uintptr_t lo, uintptr_t hi, int write) {
  (void)lo;
  (void)hi;
  bring_back(e, write);
  if (!write)
    nurt_protect(e, RO, RO);
}

/* A new object on [lo, hi): the entry's bytes there are dead, the others
 * come back if only the device has them. */
static void define(nurt_entry *e, uintptr_t lo, uintptr_t hi, int unused) {
  (void)unused;
  if (nurt_is_device_fresh(e)) {
    nurt_read_back(e, lo_of(e), max_of(lo_of(e), min_of(lo, hi_of(e))));
    nurt_read_back(e, min_of(hi_of(e), max_of(hi, lo_of(e))), hi_of(e));
  }
  nurt_wait_upload(e);
  nurt_transition(e, NURT_ON_FORGOTTEN);
}

static void on_range(const void *ptr, size_t bytes, int write, int defining) {
  if (__atomic_load_n(&nlive, __ATOMIC_RELAXED) == 0 || !ptr || !bytes)
    return;
  nurt_lock();
  nurt_prof_cause(NURT_CAUSE_HOST, NULL, 0, NULL);
  uintptr_t lo = (uintptr_t)ptr;
  each_on(lo, lo + bytes, defining ? define : range_access, write);
  nurt_prof_cause(NURT_CAUSE_NONE, NULL, 0, NULL);
  nurt_sync_check();
  nurt_unlock();
}

void nurt_host_range(const void *ptr, size_t bytes, int write) { on_range(ptr, bytes, write, 0); }

void nurt_host_range_at(const void *ptr, size_t bytes, int write, const char *name,
                        const char *file, int line) {
  (void)name;
  (void)file;
  (void)line;
  on_range(ptr, bytes, write, 0);
}

void nurt_host_define(const void *ptr, size_t bytes) { on_range(ptr, bytes, 1, 1); }

void nurt_host_fresh(nurt_entry *e) {
  nurt_wait_upload(e);
  nurt_transition(e, NURT_ON_HOST_WRITES);
}

void nurt_host_access(const void *ptr, int write) {
  nurt_host_access_at(ptr, write, NULL, NULL, 0);
}

void nurt_host_access_at(const void *ptr, int write, const char *name, const char *file, int line) {
  if (__atomic_load_n(&nlive, __ATOMIC_RELAXED) == 0)
    return;
  nurt_lock();
  nurt_entry *e = nurt_table_find(ptr, 1);
  if (e) {
    if (e->prof && name && !e->prof->name)
      e->prof->name = name;
    nurt_prof_cause(file ? NURT_CAUSE_HOST : NURT_CAUSE_NONE, file, line, NULL);
    bring_back(e, write);
    if (!write) /* the head page too: the host reads without a fault */
      nurt_protect(e, RO, RO);
    nurt_prof_cause(NURT_CAUSE_NONE, NULL, 0, NULL);
  }
  nurt_sync_check();
  nurt_unlock();
}

/* The edges of e: bytes outside the pages it owns, [lo, glo) and [ghi, hi). */
static void edges_of(const nurt_entry *e, uintptr_t r[2][2]) {
  r[0][0] = lo_of(e);
  r[0][1] = max_of(lo_of(e), min_of(e->glo, hi_of(e)));
  r[1][0] = min_of(hi_of(e), max_of(e->ghi, lo_of(e)));
  r[1][1] = hi_of(e);
}

/* Keeps the edges as the device has them, to upload only those the host
 * changes (a page of them another entry protects cannot be read: no copy). */
static void snapshot(nurt_entry *e) {
  uintptr_t r[2][2];
  edges_of(e, r);
  size_t a = r[0][1] - r[0][0], b = r[1][1] - r[1][0];
  free(e->snap);
  e->snap = NULL;
  if (a + b == 0 || nurt_guarded_below(r[0][0], r[0][1], RO) ||
      nurt_guarded_below(r[1][0], r[1][1], RO) || !(e->snap = malloc(a + b)))
    return;
  memcpy(e->snap, (const void *)r[0][0], a);
  memcpy(e->snap + a, (const void *)r[1][0], b);
}

void nurt_upload_edges(nurt_entry *e, const nurt_where *w) {
  NURT_LOCKED();
  if (!e->loose)
    return;
  uintptr_t r[2][2];
  edges_of(e, r);
  size_t off = 0;
  for (int i = 0; i < 2; i++) {
    size_t n = r[i][1] - r[i][0];
    if (!e->snap || nurt_guarded_below(r[i][0], r[i][1], RO) ||
        memcmp(e->snap + off, (const void *)r[i][0], n) != 0)
      nurt_upload(e, r[i][0], r[i][1], w);
    off += n;
  }
  e->loose = 0;
  free(e->snap);
  e->snap = NULL;
}

/* Leaving instrumented code: the edges of e come back (they are not
 * protected), and the head page closes again so that free() or realloc() in
 * another file faults on the header. */
static void tighten(nurt_entry *e) {
  uintptr_t r[2][2];
  edges_of(e, r);
  int edges = r[0][1] > r[0][0] || r[1][1] > r[1][0];
  if (edges && !e->loose) {
    if (nurt_is_device_fresh(e))
      for (int i = 0; i < 2; i++)
        nurt_read_back(e, r[i][0], r[i][1]);
    snapshot(e);
    e->loose = 1;
  }
  nurt_protect(e, nurt_is_device_fresh(e) ? NONE : RO, NONE);
}

void nurt_escape(void) {
  if (!nurt_g.ready)
    return;
  if (!nurt_guard_on()) {
    nurt_sync_all();
    return;
  }
  nurt_lock();
  nurt_prof_cause(NURT_CAUSE_ALL, NULL, 0, "nurt_escape");
  int guarded = 0;
  nurt_entry *e;
  for (size_t i = 0; (e = nurt_table_at(i)); i++) {
    if (nurt_is_guarded(e)) {
      tighten(e);
      guarded = 1;
      continue;
    }
    bring_back(e, 1); /* not protected: as nurt_sync_all */
  }
  if (guarded)
    nurt_guard_keep_handler();
  nurt_prof_cause(NURT_CAUSE_NONE, NULL, 0, NULL);
  nurt_sync_check();
  nurt_unlock();
}

void nurt_sync_all(void) {
  if (!nurt_g.ready)
    return;
  nurt_lock();
  nurt_finish(NULL);
  nurt_prof_cause(NURT_CAUSE_ALL, NULL, 0, "nurt_sync_all");
  nurt_entry *e;
  for (size_t i = 0; (e = nurt_table_at(i)); i++) {
    if (e->upload)
      clReleaseEvent(e->upload); /* finished: the queue is empty */
    e->upload = NULL;
    bring_back(e, 1);
  }
  nurt_prof_cause(NURT_CAUSE_NONE, NULL, 0, NULL);
  nurt_sync_check();
  nurt_unlock();
}

/* Host code needs e's pages at [lo, hi) (`on_head`: the page of malloc's
 * header among them) readable, or also writable when `write` is 1 (0: a
 * read; -1: not known).  Device-fresh → copy back; then a write, the head or
 * bytes past e make it host-fresh, a read leaves it both (PROT_READ, head
 * closed, so that free() in another file still faults). */
static void serve(nurt_entry *e, uintptr_t lo, uintptr_t hi, int on_head, int write) {
  int writes = on_head || lo < lo_of(e) || hi > hi_of(e) || write == 1;
  bring_back(e, writes);
  if (!writes)
    nurt_protect(e, RO, NONE);
}

/* A fault at `addr`.  On a page of e: PROT_NONE → copy back, PROT_READ (a
 * read may go on; a write faults again); PROT_READ → host-fresh, read-write.
 * The malloc header's page, or bytes that are not e's: host-fresh at once.
 * `write` (when the machine tells) saves the second fault of a write, and
 * tells a read that raced with another thread's fault from a write. */
static int sync_fault(uintptr_t addr, int write) {
  NURT_LOCKED();
  nurt_entry *e = NULL, *x;
  for (size_t i = 0; !e && (x = nurt_table_at(i)); i++)
    if (nurt_is_guarded(x) && addr >= x->glo && addr < x->ghi)
      e = x;
  if (!e)
    return 0;
  int on_head = e->head && addr < e->head + nurt_page();
  int prot = on_head ? e->head_prot : e->prot;
  if (prot == RW || (prot == RO && write == 0))
    return 0; /* opened by another thread meanwhile (guard.c retries), or not ours */
  nurt_counters.faults++;
  nurt_prof_cause(NURT_CAUSE_FAULT, NULL, 0, NULL);
  nurt_prof_cause_pc(nurt_guard_pc);
  serve(e, addr, addr + 1, on_head, prot != NONE ? 1 : write);
  nurt_prof_cause(NURT_CAUSE_NONE, NULL, 0, NULL);
  nurt_sync_check();
  return 1;
}

/* A system call will read (write == 0) or write [lo, hi): every entry with
 * protected pages there is served as a fault on them would be, at once. */
static void sync_range(uintptr_t lo, uintptr_t hi, int write) {
  NURT_LOCKED();
  int need = write ? RW : RO;
  nurt_entry *e;
  for (size_t i = 0; (e = nurt_table_at(i)); i++) {
    if (!nurt_is_guarded(e) || hi <= e->glo || e->ghi <= lo)
      continue;
    uintptr_t blo = e->head ? e->glo + nurt_page() : e->glo;
    int on_head = e->head && lo < blo;
    int on_body = hi > blo;
    if ((on_head && (e->head_prot & need) != need) || (on_body && (e->prot & need) != need)) {
      nurt_prof_cause(NURT_CAUSE_IO, NULL, 0, NULL);
      serve(e, max_of(lo, lo_of(e)), min_of(hi, hi_of(e)), on_head, write);
      nurt_prof_cause(NURT_CAUSE_NONE, NULL, 0, NULL);
    }
  }
  nurt_sync_check();
}

static void sync_before_fork(void) {
  NURT_LOCKED();
  nurt_entry *e;
  for (size_t i = 0; (e = nurt_table_at(i)); i++) {
    if (nurt_is_guarded(e) && nurt_is_device_fresh(e)) {
      nurt_copy_back(e);
      nurt_protect(e, RO, NONE);
    }
  }
}

/* Without the lock: in a forked child (one thread) or a failing process.
 * Opens every protected entry with pages on [lo, hi). */
static int sync_open(uintptr_t lo, uintptr_t hi) {
  int opened = 0;
  nurt_entry *e;
  for (size_t i = 0; (e = nurt_table_at(i)); i++) {
    if (nurt_is_guarded(e) && lo < e->ghi && e->glo < hi && (e->prot != RW || e->head_prot != RW)) {
      nurt_guard_protect(e->glo, e->ghi, RW);
      e->prot = e->head_prot = RW;
      opened = 1;
    }
  }
  return opened;
}

/* What guard.c hands up: faults, system calls' buffers, fork().  Registered
 * when the library loads, before any page can be protected. */
static const nurt_guard_server server = {sync_fault, sync_range, sync_open, sync_before_fork};

__attribute__((constructor)) static void serve_guard(void) { nurt_guard_serve(&server); }

/* The invariants of each state (docs/runtime.md, "The states"), checked on
 * every transition and after every change of the table in debug builds, as
 * SQLite's pager checks assert_pager_state(): a broken one stops the program
 * naming it.
 *   every state   a buffer; a snapshot only with loose edges; loose edges only
 *                 on a guarded entry off the host; a shadow exactly when an
 *                 unguarded entry is off the host
 *   host-fresh    guard UNKNOWN or NO (not protected): the host may write
 *   both          classified; guarded: body PROT_READ, head PROT_READ or NONE
 *   device-fresh  classified; guarded: body and head PROT_NONE
 *   guarded       its pages a page range within a page of its bytes, the
 *                 malloc header's page first */
#ifndef NDEBUG
static void assert_guarded_pages(const nurt_entry *e) {
  uintptr_t p = nurt_page();
  NURT_ASSERT(e->glo % p == 0 && e->ghi % p == 0 && e->glo < e->ghi,
              "protected pages not a page range");
  NURT_ASSERT(e->glo <= down(lo_of(e) + p - 1) && e->ghi <= hi_of(e) + p,
              "protected pages outside the entry");
  NURT_ASSERT(!e->head || e->head == e->glo, "malloc's header page not the first page");
  NURT_ASSERT(e->head || e->head_prot == e->prot, "a head protection without a head page");
}

static void assert_entry_state(const nurt_entry *e) {
  NURT_ASSERT(e->bytes > 0 && e->mem, "an entry without bytes or buffer");
  NURT_ASSERT(!e->snap || e->loose, "an edge snapshot without loose edges");
  NURT_ASSERT(!e->shadow == (nurt_is_guarded(e) || nurt_is_host_fresh(e)),
              "an unprotected entry off the host without its shadow, or a shadow elsewhere");
  NURT_ASSERT(!e->loose || (nurt_is_guarded(e) && nurt_on_device(e)),
              "loose edges on an entry that is not protected or is host-fresh");
  if (nurt_is_guarded(e))
    assert_guarded_pages(e);
  switch (e->state) {
  case NURT_HOST_FRESH:
    NURT_ASSERT(!nurt_is_guarded(e), "a host-fresh entry still protected");
    break;
  case NURT_BOTH:
    NURT_ASSERT(e->guard != NURT_GUARD_UNKNOWN, "an entry in state both not classified");
    NURT_ASSERT(!nurt_is_guarded(e) ||
                    (e->prot == RO && (e->head_prot == RO || e->head_prot == NONE)),
                "an entry in state both not read-only");
    break;
  case NURT_DEVICE_FRESH:
    NURT_ASSERT(e->guard != NURT_GUARD_UNKNOWN, "a device-fresh entry not classified");
    NURT_ASSERT(!nurt_is_guarded(e) || (e->prot == NONE && e->head_prot == NONE),
                "a device-fresh entry readable");
    break;
  default:
    NURT_ASSERT(0, "an entry in no state");
  }
}
#endif

void nurt_sync_check(void) {
#ifndef NDEBUG
  NURT_LOCKED();
  size_t live = 0;
  const nurt_entry *e;
  for (size_t i = 0; (e = nurt_table_at(i)); i++) {
    assert_entry_state(e);
    live += nurt_on_device(e);
    const nurt_entry *x;
    for (size_t j = i + 1; (x = nurt_table_at(j)); j++) {
      NURT_ASSERT(hi_of(e) <= lo_of(x) || hi_of(x) <= lo_of(e), "two entries overlap");
      if (nurt_is_guarded(e))
        NURT_ASSERT(hi_of(x) <= e->glo || e->ghi <= lo_of(x), "protected pages hold another entry");
      if (nurt_is_guarded(x))
        NURT_ASSERT(hi_of(e) <= x->glo || x->ghi <= lo_of(e), "protected pages hold another entry");
    }
  }
  NURT_ASSERT(live == nlive, "the count of entries on the device is wrong");
#endif
}

nurt_state nurt_sync_state_of(const void *ptr) {
  nurt_lock();
  nurt_entry *e = nurt_table_find(ptr, 1);
  nurt_state s = e ? e->state : NURT_HOST_FRESH;
  nurt_unlock();
  return s;
}

void nurt_sync_reinstate(const void *ptr, nurt_state s) {
  nurt_lock();
  nurt_entry *e = nurt_table_find(ptr, 1);
  if (e && e->state != s) {
    if (s == NURT_DEVICE_FRESH) {
      nurt_wait_upload(e);
      nurt_transition(e, NURT_ON_DEVICE_KEPT); /* an unprotected one shadows the check's bytes */
    }
  }
  nurt_sync_check();
  nurt_unlock();
}
