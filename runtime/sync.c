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

/* Pieces not HOST_FRESH: 0 makes host access free.  Changed under the
 * lock, read without it by nurt_host_access's first test: atomic. */
static size_t nlive;

/* The host statement whose whole-array check came last in this thread,
 * until the next call into nurt: the faults its loop takes on protected
 * arrays are its copies in NU_PROFILE, not those of code nucc did not see. */
static __thread struct {
  const char *file;
  int line;
  int faults; /* taken since */
} checking;

static void checked(const char *file, int line) {
  checking.file = file;
  checking.line = line;
  checking.faults = 0;
}

/* A host statement whose faults pass this many serves the rest of the
 * array at once: a loop down a column takes a fault per row, each with a
 * copy's latency, where one copy of what the device holds costs less.  It
 * bounds the cost of page-by-page serving at this many faults over what
 * one state per array cost.  Faults in code nucc did not see, past as many
 * since the last call into nurt, serve spans that double (sync_fault). */
enum { FAULT_BUDGET = 32 };

static uintptr_t lo_of(const nurt_entry *e) { return (uintptr_t)e->base; }
static uintptr_t hi_of(const nurt_entry *e) { return (uintptr_t)e->base + e->bytes; }
static uintptr_t buf_lo(const nurt_buf *b) { return (uintptr_t)b->base; }
static uintptr_t buf_hi(const nurt_buf *b) { return (uintptr_t)b->base + b->bytes; }
static uintptr_t down(uintptr_t a) { return a & ~(nurt_page() - 1); }
static uintptr_t up(uintptr_t a) { return down(a + nurt_page() - 1); }
static uintptr_t max_of(uintptr_t a, uintptr_t b) { return a > b ? a : b; }
static uintptr_t min_of(uintptr_t a, uintptr_t b) { return a < b ? a : b; }

/* The pieces of b, in address order: `for (i = first_piece(b); (e =
 * piece_at(b, i)); i++)`, as long as the loop cuts or joins none of them. */
static size_t first_piece(const nurt_buf *b) { return nurt_table_first_after(buf_lo(b)); }
static nurt_entry *piece_at(const nurt_buf *b, size_t i) {
  nurt_entry *e = nurt_table_at(i);
  return e && e->buf == b ? e : NULL;
}

/* Where a walk of the entries with pages on [lo, ...) starts: pages reach
 * at most one page below an entry's first byte (malloc's header). */
static size_t near(uintptr_t lo) {
  return nurt_table_first_after(lo > nurt_page() ? lo - nurt_page() : 0);
}

/* The shadow of an unprotected piece (nurt_buf.shadow): taken when it
 * leaves host-fresh and after every copy back, so it always holds the host
 * bytes that match the device's (both) or that the device's newer data
 * replaced (device-fresh).  An upload may still read it: wait first. */
static void take_shadow(nurt_entry *e) {
  nurt_buf *b = e->buf;
  nurt_wait_upload(e);
  if (!b->shadow && !(b->shadow = malloc(b->bytes)))
    nurt_fatal("out of host memory for a %zu-byte copy of an array nurt cannot protect "
               "(NU_LAZY=0, or a stack or small heap array)",
               b->bytes);
  memcpy(b->shadow + nurt_off(e, lo_of(e)), e->base, e->bytes);
  e->shadowed = 1;
}

static void drop_shadow(nurt_entry *e) {
  if (!e->shadowed)
    return;
  nurt_wait_upload(e);
  e->shadowed = 0;
}

/* The one place that writes an array's guard.  YES comes with the pages it
 * owns, [glo, ghi), head, set by classify(). */
static void set_guard(nurt_buf *b, nurt_guard g) {
  NURT_ASSERT(g != NURT_GUARD_YES || b->glo < b->ghi, "an array guarded without its pages");
  b->guard = g;
}

static void unguard_buf(nurt_buf *b);

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
    unguard_buf(e->buf);
  }
}

/* b's pages are no longer protected: from now on the shadow is the proof.
 * Loose edges go up first where the host changed them (a shadow taken now
 * would count the host's writes as the device's). */
static void unguard_buf(nurt_buf *b) {
  if (b->guard != NURT_GUARD_YES) {
    set_guard(b, NURT_GUARD_NO);
    return;
  }
  nurt_entry *e;
  for (size_t i = first_piece(b); (e = piece_at(b, i)); i++) {
    if (e->loose)
      nurt_upload_edges(e, &e->writer);
    if (e->prot != RW || e->head_prot != RW)
      nurt_guard_protect(e->glo, e->ghi, RW);
    e->prot = e->head_prot = RW;
  }
  set_guard(b, NURT_GUARD_NO);
  for (size_t i = first_piece(b); (e = piece_at(b, i)); i++)
    if (nurt_on_device(e))
      take_shadow(e);
}

void nurt_unguard(nurt_entry *e) { unguard_buf(e->buf); }

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
  for (size_t i = near(lo); (x = nurt_table_at(i)) && lo_of(x) < hi + nurt_page(); i++) {
    if (!nurt_is_guarded(x) || x->ghi <= lo || hi <= x->glo)
      continue;
    if ((x->prot & need) == need && (x->head_prot & need) == need)
      continue;
    if (s->n == s->cap)
      s->v = nurt_grow(s->v, &s->cap, sizeof *s->v);
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
  if (nurt_guarded_below(lo, hi, RW) &&
      (nurt_copy_direct(e, lo, hi) || nurt_copy_staged(e, 1, lo, hi, &e->writer)))
    return;
  saved_list s = {0};
  expose(lo, hi, RW, &s);
  nurt_copy_down(e, lo, hi);
  restore(&s);
}

/* Which pages b owns: none when another array has bytes or protected pages
 * on them (then they stay read-write and their bytes are edges).  Its
 * pieces are host-fresh, joined into one (tidy), which takes the pages. */
static void classify(nurt_buf *b) {
  uintptr_t glo, ghi, head;
  set_guard(b, NURT_GUARD_NO);
  nurt_entry *e = piece_at(b, first_piece(b));
  if (!e || lo_of(e) != buf_lo(b) || hi_of(e) != buf_hi(b))
    return; /* pieces cut while unprotected: stay so until all come home */
  if (!nurt_guard_candidate(buf_lo(b), buf_hi(b), &glo, &ghi, &head))
    return;
  for (int tries = 0; tries < 2; tries++) {
    int clash = 0;
    nurt_entry *x;
    for (size_t i = near(glo); (x = nurt_table_at(i)) && lo_of(x) < ghi + nurt_page(); i++)
      if (x->buf != b && ((lo_of(x) < ghi && glo < hi_of(x)) ||
                          (nurt_is_guarded(x) && x->glo < ghi && glo < x->ghi)))
        clash = 1;
    if (!clash)
      break;
    if (tries || ghi == down(buf_hi(b)))
      return;
    ghi = down(buf_hi(b)); /* maybe only the last page is shared */
  }
  if (glo >= ghi)
    return;
  b->glo = e->glo = glo;
  b->ghi = e->ghi = ghi;
  b->head = e->head = head;
  e->prot = e->head_prot = RW;
  set_guard(b, NURT_GUARD_YES);
}

/* Set while e only passes through a state on its way to the next (copied
 * back, then written by the host): its pages keep their protection until
 * the next state's, one mprotect a host statement instead of two. */
static int passing;

/* Enters state s, with the pages' protection that goes with it. */
static void enter(nurt_entry *e, nurt_state s) {
  nurt_buf *b = e->buf;
  int was = nurt_on_device(e), now = s != NURT_HOST_FRESH;
  __atomic_store_n(&nlive, nlive - was + now, __ATOMIC_RELAXED);
  b->live = b->live - was + now;
  e->state = s; /* the only write of an entry's state */
  if (nurt_is_host_fresh(e)) {
    nurt_protect(e, RW, RW);
    e->loose = 0;
    free(e->snap);
    e->snap = NULL;
    drop_shadow(e);
    if (b->live == 0 && b->guard == NURT_GUARD_YES) {
      /* the whole array is home: the memory may be another array next time */
      nurt_entry *x;
      for (size_t i = first_piece(b); (x = piece_at(b, i)); i++)
        x->glo = x->ghi = x->head = 0;
      set_guard(b, NURT_GUARD_UNKNOWN);
    } else if (b->live == 0) {
      set_guard(b, NURT_GUARD_UNKNOWN);
    }
    return;
  }
  if (b->guard == NURT_GUARD_UNKNOWN)
    classify(b);
  if (!nurt_is_guarded(e) && !e->shadowed)
    take_shadow(e);
  int p = s == NURT_DEVICE_FRESH ? NONE : RO;
  if (!passing && nurt_is_guarded(e) && e->prot == RW && e->head_prot == RW)
    nurt_mirror_before_closing(b);
  if (!passing)
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
  if (!passing)
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
  passing = then_writes;
  nurt_transition(e, NURT_ON_COPIED_BACK);
  passing = 0;
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
  if (e->buf->guard == NURT_GUARD_UNKNOWN)
    classify(e->buf);
  if (nurt_is_guarded(e)) {
    nurt_upload(e, lo_of(e), hi_of(e), w);
  } else {
    /* from the shadow: a host write nucc does not see (a declaration's
     * initializer) cannot race with the copy */
    take_shadow(e);
    nurt_upload_from(e, e->buf->shadow + nurt_off(e, lo_of(e)), w);
  }
  nurt_transition(e, NURT_ON_UPLOADED);
}

void nurt_check_unseen(nurt_entry *e, const nurt_where *w) {
  NURT_LOCKED();
  if (nurt_is_guarded(e) || nurt_is_host_fresh(e) ||
      memcmp(e->base, e->buf->shadow + nurt_off(e, lo_of(e)), e->bytes) == 0)
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

/* ---- Pieces (issue 25 §1).  An array's state is kept per piece: a host
 * statement that touches one element, or a kernel that writes one row, cuts
 * the pieces at the range's ends (at page boundaries where the array is
 * protected, so that each piece owns its pages; anywhere where it is not)
 * and changes the state of the pieces between.  Neighbours in the same
 * state join again when the operation ends (tidy), so an array whose
 * kernels write it whole stays one piece. */

/* The edges of e: bytes outside the pages it owns, [lo, glo) and [ghi, hi). */
static void edges_of(const nurt_entry *e, uintptr_t r[2][2]) {
  r[0][0] = lo_of(e);
  r[0][1] = max_of(lo_of(e), min_of(e->glo, hi_of(e)));
  r[1][0] = min_of(hi_of(e), max_of(e->ghi, lo_of(e)));
  r[1][1] = hi_of(e);
}

/* Makes `at` a boundary of b's pieces: the piece across it becomes two in
 * the same state.  A protected array is cut only at a page boundary
 * strictly inside its pages, so that each piece still owns whole pages and
 * the edges stay with the first and the last. */
static void cut_at(nurt_buf *b, uintptr_t at) {
  if (at <= buf_lo(b) || at >= buf_hi(b))
    return;
  size_t i = nurt_table_first_after(at);
  nurt_entry *e = nurt_table_at(i);
  NURT_ASSERT(e && e->buf == b && lo_of(e) <= at, "an array's pieces do not tile it");
  if (lo_of(e) == at)
    return;
  nurt_entry *r = malloc(sizeof *r);
  if (!r)
    nurt_fatal("out of host memory for the array table");
  *r = *e;
  r->base = (char *)at;
  r->bytes = hi_of(e) - at;
  if (e->upload)
    clRetainEvent(e->upload); /* both wait for the same copy */
  if (nurt_is_guarded(e)) {
    NURT_ASSERT(at % nurt_page() == 0 && at > e->glo && at < e->ghi,
                "a protected array cut off a page boundary");
    uintptr_t edge[2][2];
    edges_of(e, edge);
    size_t low = edge[0][1] - edge[0][0], high = edge[1][1] - edge[1][0];
    r->snap = NULL;
    if (e->snap && high) {
      if (!(r->snap = malloc(high)))
        nurt_fatal("out of host memory for the array table");
      memcpy(r->snap, e->snap + low, high);
    } else if (e->snap) {
      r->snap = malloc(1); /* an empty snapshot: no edge changed */
      if (!r->snap)
        nurt_fatal("out of host memory for the array table");
    }
    e->ghi = at;
    r->glo = at;
    r->head = 0;
    r->head_prot = r->prot;
  } else {
    r->snap = NULL;
  }
  e->bytes = at - lo_of(e);
  b->pieces++;
  b->live += nurt_on_device(r);
  __atomic_store_n(&nlive, nlive + nurt_on_device(r), __ATOMIC_RELAXED);
  nurt_table_add(r);
}

/* Cuts b so that the pieces with bytes on [lo, hi) hold no byte outside it,
 * or, where b is protected, no page outside the pages of [lo, hi). */
static void cut(nurt_buf *b, uintptr_t lo, uintptr_t hi) {
  if (b->guard == NURT_GUARD_YES) {
    lo = down(lo);
    hi = up(hi);
    if (lo > b->glo && lo < b->ghi)
      cut_at(b, lo);
    if (hi > b->glo && hi < b->ghi)
      cut_at(b, hi);
  } else if (b->guard == NURT_GUARD_NO) {
    cut_at(b, lo);
    cut_at(b, hi);
  } /* UNKNOWN: every piece host-fresh, nothing to cut for */
}

static int joinable(const nurt_entry *l, const nurt_entry *r) {
  if (l->buf != r->buf || hi_of(l) != lo_of(r) || l->state != r->state || l->loose != r->loose ||
      l->shadowed != r->shadowed)
    return 0;
  return !nurt_is_guarded(l) ||
         (l->prot == r->prot && !r->head && r->head_prot == r->prot && l->ghi == r->glo);
}

/* r, the piece after l, joins l. */
static void join(size_t i, nurt_entry *l, nurt_entry *r) {
  if (nurt_is_guarded(l) && (l->snap || r->snap)) {
    uintptr_t le[2][2], re[2][2];
    edges_of(l, le);
    edges_of(r, re);
    size_t low = le[0][1] - le[0][0], high = re[1][1] - re[1][0];
    char *snap = l->snap && r->snap ? malloc(low + high + 1) : NULL;
    if (snap) {
      memcpy(snap, l->snap, low);
      memcpy(snap + low, r->snap + (re[0][1] - re[0][0]), high);
    }
    free(l->snap);
    l->snap = snap; /* NULL: each edge goes up at the next launch */
    l->ghi = r->ghi;
  } else if (nurt_is_guarded(l)) {
    l->ghi = r->ghi;
  }
  free(r->snap);
  l->bytes += r->bytes;
  nurt_join_uploads(l, r);
  l->buf->pieces--;
  l->buf->live -= nurt_on_device(r);
  __atomic_store_n(&nlive, nlive - nurt_on_device(r), __ATOMIC_RELAXED);
  nurt_table_remove_at(i + 1);
  free(r);
}

/* A short piece in state both between two device-fresh ones: a page the
 * host wrote and sent up, then a kernel wrote around it (a Cholesky's
 * diagonal element, step by step).  It may count as device-fresh, its bytes
 * being the device's too: a later read copies back a page more, where
 * keeping it apart would leave the table a piece per time step, and every
 * walk of the array slower. */
enum { SHORT_BOTH = 16 << 10 };

static int sandwiched(const nurt_entry *l, const nurt_entry *m, const nurt_entry *r) {
  return nurt_is_device_fresh(l) && nurt_is_both(m) && nurt_is_device_fresh(r) &&
         m->bytes <= SHORT_BOTH && !m->loose && !m->head && hi_of(l) == lo_of(m) &&
         hi_of(m) == lo_of(r);
}

/* Neighbours in the same state join, around [lo, hi) of b; `demote`: a
 * launch's write, short pieces in state both between device-fresh ones
 * join them (never after serving host code, which needs them readable).
 * The walk starts three pieces before the one at lo: a piece the operation
 * changed may be the right end of a sandwich whose short middle lies just
 * before lo (a Cholesky's diagonal page, then the rest of its row); two
 * left a piece per time step where a row spans several pages. */
static void tidy_range(nurt_buf *b, uintptr_t lo, uintptr_t hi, int demote) {
  size_t i = nurt_table_first_after(lo);
  for (int back = 0; back < 3 && i > 0 && piece_at(b, i - 1); back++)
    i--;
  nurt_entry *l, *r, *n;
  while ((l = piece_at(b, i)) && (r = piece_at(b, i + 1)) && lo_of(l) <= hi) {
    if (demote && (n = piece_at(b, i + 2)) && sandwiched(l, r, n)) {
      nurt_wait_upload(r);
      r->writer = l->writer;
      nurt_transition(r, NURT_ON_KERNEL_WROTE);
    }
    if (joinable(l, r))
      join(i, l, r);
    else
      i++;
  }
}

static void tidy(nurt_buf *b) { tidy_range(b, buf_lo(b), buf_hi(b), 0); }

/* The array whose device copy holds ptr, or NULL. */
static nurt_buf *buf_at(uintptr_t ptr) {
  nurt_entry *e = nurt_table_find((const void *)ptr, 1);
  return e ? e->buf : NULL;
}

/* What an operation on pieces is given besides the range: a number (write,
 * a state), the launch, and whether short pieces in state both may join
 * device-fresh neighbours afterwards (tidy_range). */
typedef struct {
  int n;
  const nurt_where *w;
  int demote;
} piece_arg;
typedef void (*piece_fn)(nurt_entry *, uintptr_t, uintptr_t, const piece_arg *);

/* fn on every piece of b with bytes on [lo, hi), cut first (see cut()),
 * then the pieces around joined where they can be: every operation on an
 * array's pieces goes through here. */
static void on_pieces(nurt_buf *b, uintptr_t lo, uintptr_t hi, piece_fn fn, const piece_arg *a) {
  cut(b, lo, hi);
  nurt_entry *e;
  for (size_t i = nurt_table_first_after(lo); (e = piece_at(b, i)) && lo_of(e) < hi; i++)
    fn(e, lo, hi, a);
  tidy_range(b, down(lo), up(hi), a->demote);
}

/* fn on the pieces with bytes on [lo, hi), array by array. */
static void each_on(uintptr_t lo, uintptr_t hi, piece_fn fn, const piece_arg *a) {
  for (uintptr_t at = lo; at < hi;) {
    nurt_entry *e = nurt_table_at(nurt_table_first_after(at));
    if (!e || lo_of(e) >= hi)
      return;
    nurt_buf *b = e->buf;
    on_pieces(b, max_of(lo, buf_lo(b)), min_of(hi, buf_hi(b)), fn, a);
    at = buf_hi(b);
  }
}

/* Host code reads (a->n 0) or writes the piece: fresh on the host, its
 * pages readable, the head page too (the host reads without a fault). */
static void range_access(nurt_entry *e, uintptr_t lo, uintptr_t hi, const piece_arg *a) {
  (void)lo;
  (void)hi;
  bring_back(e, a->n);
  if (!a->n && nurt_on_device(e))
    nurt_protect(e, RO, RO);
}

/* A new object on [lo, hi): the entry's bytes there are dead, the others
 * come back if only the device has them. */
static void define(nurt_entry *e, uintptr_t lo, uintptr_t hi, const piece_arg *unused) {
  (void)unused;
  if (nurt_is_device_fresh(e)) {
    nurt_read_back(e, lo_of(e), max_of(lo_of(e), min_of(lo, hi_of(e))));
    nurt_read_back(e, min_of(hi_of(e), max_of(hi, lo_of(e))), hi_of(e));
  }
  nurt_wait_upload(e);
  nurt_transition(e, NURT_ON_FORGOTTEN);
}

static void on_range(const void *ptr, size_t bytes, int write, int defining, const char *name,
                     const char *file, int line) {
  if (__atomic_load_n(&nlive, __ATOMIC_RELAXED) == 0 || !ptr || !bytes)
    return;
  nurt_lock();
  checked(NULL, 0);
  nurt_prof_cause(NURT_CAUSE_HOST, file, line, NULL);
  uintptr_t lo = (uintptr_t)ptr;
  nurt_entry *e = nurt_table_find(ptr, 1);
  if (e && e->prof && name && !e->prof->name)
    e->prof->name = name;
  each_on(lo, lo + bytes, defining ? define : range_access, &(piece_arg){.n = write});
  nurt_prof_cause(NURT_CAUSE_NONE, NULL, 0, NULL);
  nurt_sync_check();
  nurt_unlock();
}

void nurt_host_range(const void *ptr, size_t bytes, int write) {
  on_range(ptr, bytes, write, 0, NULL, NULL, 0);
}

void nurt_host_range_at(const void *ptr, size_t bytes, int write, const char *name,
                        const char *file, int line) {
  on_range(ptr, bytes, write, 0, name, file, line);
}

void nurt_host_define(const void *ptr, size_t bytes) { on_range(ptr, bytes, 1, 1, NULL, NULL, 0); }

static void launch_piece(nurt_entry *e, uintptr_t lo, uintptr_t hi, const piece_arg *a) {
  (void)lo;
  (void)hi;
  if (nurt_is_host_fresh(e)) {
    nurt_upload_whole(e, a->w);
  } else {
    nurt_upload_edges(e, a->w); /* the host may have written the unprotected edges */
    nurt_check_unseen(e, a->w); /* or unprotected memory */
  }
}

static void written_piece(nurt_entry *e, uintptr_t lo, uintptr_t hi, const piece_arg *a) {
  (void)lo;
  (void)hi;
  e->writer = *a->w;
  nurt_transition(e, NURT_ON_KERNEL_WROTE);
}

/* A launch uses [lo, hi) of b: the stale pieces there go up, the others
 * are checked for host writes nucc could not see.  An array wholly stale
 * goes up whole, in one copy, as at its first use: later launches likely
 * read the rest. */
void nurt_sync_for_launch(nurt_buf *b, uintptr_t lo, uintptr_t hi, const nurt_where *w) {
  NURT_LOCKED();
  checked(NULL, 0);
  if (b->live == 0) {
    tidy(b); /* one host-fresh piece */
    nurt_upload_whole(nurt_table_at(first_piece(b)), w);
    return;
  }
  on_pieces(b, lo, hi, launch_piece, &(piece_arg){.w = w});
}

/* The launch's kernel writes [lo, hi) of b: those pieces are device-fresh. */
void nurt_sync_written(nurt_buf *b, uintptr_t lo, uintptr_t hi, const nurt_where *w) {
  NURT_LOCKED();
  if (hi <= lo)
    return;
  on_pieces(b, lo, hi, written_piece, &(piece_arg){.w = w, .demote = 1});
}

void nurt_host_fresh(nurt_entry *e) {
  nurt_wait_upload(e);
  nurt_transition(e, NURT_ON_HOST_WRITES);
}

void nurt_host_access(const void *ptr, int write) {
  nurt_host_access_at(ptr, write, NULL, NULL, 0);
}

static void loosen(nurt_entry *e);

/* Host code names the array holding ptr and may touch any of it.  An
 * unprotected array: the pieces only the device holds come back, and a
 * write makes it all host-fresh.  A protected one: only its first page
 * opens (malloc's header shares it, and a fault there would bring the whole
 * array home); the host's accesses fault page by page, each serving its
 * pages with read-ahead, so a host loop that reads or fills one row moves
 * that row, not the array (issue 25 §1). */
void nurt_host_access_at(const void *ptr, int write, const char *name, const char *file, int line) {
  if (__atomic_load_n(&nlive, __ATOMIC_RELAXED) == 0)
    return;
  nurt_lock();
  checked(NULL, 0);
  nurt_entry *e = nurt_table_find(ptr, 1);
  if (!e && nurt_table_rows_of(ptr)) /* a table of rows: the block they lie in */
    e = nurt_table_find(nurt_table_rows_of(ptr), 1);
  if (e) {
    nurt_buf *b = e->buf;
    if (e->prof && name && !e->prof->name)
      e->prof->name = name;
    nurt_prof_cause(file ? NURT_CAUSE_HOST : NURT_CAUSE_NONE, file, line, NULL);
    int open = write & NURT_HOST_OPEN;
    write = (write & ~NURT_HOST_OPEN) != 0;
    if (nurt_is_guarded(e) && !open) {
      checked(file, line);
      if (b->head)
        on_pieces(b, buf_lo(b), min_of(b->head + nurt_page(), buf_hi(b)), range_access,
                  &(piece_arg){.n = 0});
      /* the bytes outside its pages fault on nothing: they come back now,
       * and go up at the next launch if the host changes them */
      loosen(nurt_table_at(first_piece(b)));
      nurt_entry *last = nurt_table_at(first_piece(b) + b->pieces - 1);
      loosen(last);
    } else {
      on_pieces(b, buf_lo(b), buf_hi(b), range_access, &(piece_arg){.n = write});
    }
    nurt_prof_cause(NURT_CAUSE_NONE, NULL, 0, NULL);
  }
  nurt_sync_check();
  nurt_unlock();
}

/* Every array's pieces joined where they can be. */
static void tidy_all(void) {
  nurt_entry *e;
  for (size_t i = 0; (e = nurt_table_at(i)); i++)
    if (i == 0 || nurt_table_at(i - 1)->buf != e->buf)
      tidy(e->buf);
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

/* The edges of e come back (they are not protected), with a snapshot that
 * the next launch compares them with: host code may write them unseen. */
static void loosen(nurt_entry *e) {
  uintptr_t r[2][2];
  edges_of(e, r);
  int edges = r[0][1] > r[0][0] || r[1][1] > r[1][0];
  if (edges && !e->loose && nurt_on_device(e)) {
    if (nurt_is_device_fresh(e))
      for (int i = 0; i < 2; i++)
        nurt_read_back(e, r[i][0], r[i][1]);
    snapshot(e);
    e->loose = 1;
  }
}

/* Leaving instrumented code: the edges of e come back, and the head page
 * closes again so that free() or realloc() in another file faults on the
 * header. */
static void tighten(nurt_entry *e) {
  loosen(e);
  nurt_protect(e, nurt_is_device_fresh(e) ? NONE : RO, NONE);
}

void nurt_escape(void) {
  if (!nurt_device_ready())
    return;
  if (!nurt_guard_on()) {
    nurt_sync_all();
    return;
  }
  nurt_lock();
  checked(NULL, 0);
  nurt_prof_cause(NURT_CAUSE_ALL, NULL, 0, "nurt_escape");
  int guarded = 0;
  nurt_entry *e;
  for (size_t i = 0; (e = nurt_table_at(i)); i++) {
    if (nurt_is_guarded(e) && e->head && nurt_is_host_fresh(e) && e->buf->live)
      nurt_upload_whole(e, &e->writer); /* malloc's header page must close: see tighten */
    if (nurt_is_guarded(e) && nurt_on_device(e)) {
      tighten(e);
      guarded = 1;
      continue;
    }
    bring_back(e, 1); /* not protected: as nurt_sync_all */
  }
  tidy_all();
  if (guarded)
    nurt_guard_keep_handler();
  nurt_prof_cause(NURT_CAUSE_NONE, NULL, 0, NULL);
  nurt_sync_check();
  nurt_unlock();
}

void nurt_sync_all(void) {
  if (!nurt_device_ready())
    return;
  nurt_lock();
  nurt_finish(NULL);
  checked(NULL, 0);
  nurt_prof_cause(NURT_CAUSE_ALL, NULL, 0, "nurt_sync_all");
  nurt_entry *e;
  for (size_t i = 0; (e = nurt_table_at(i)); i++) {
    if (e->upload)
      clReleaseEvent(e->upload); /* finished: the queue is empty */
    e->upload = NULL;
    bring_back(e, 1);
  }
  tidy_all();
  nurt_prof_cause(NURT_CAUSE_NONE, NULL, 0, NULL);
  nurt_sync_check();
  nurt_unlock();
}

/* Read-ahead of faults (issue 25 §1): a fault serves its page; a fault at
 * the first page of a piece whose neighbour below was served the same way
 * (a scan going on) serves twice as many pages as that neighbour holds, up
 * to RA_MAX, so that a host loop that scans a device-fresh array takes a
 * logarithmic number of faults, not one per page, and threads that scan
 * parts of it each grow their own window (docs/runtime.md gives the
 * measurements). */
enum { RA_MAX = 1024 };

/* A fault costs about what a copy of this many bytes costs (a signal, two
 * mprotect calls and a copy's latency, against the bytes a copy moves in
 * that time); an array with no more than this on the device comes back
 * whole at its first fault.  Measured with tests/profile/range_column.c (a
 * fault per row of a 256 KiB matrix): docs/runtime.md. */
enum { SMALL_BACK = 256 << 10 };

static size_t device_bytes(const nurt_buf *b) {
  size_t n = 0;
  nurt_entry *e;
  for (size_t i = first_piece(b); (e = piece_at(b, i)); i++)
    if (nurt_is_device_fresh(e))
      n += e->bytes;
  return n;
}

/* The head page keeps its protection: closed (after an escape) it stays
 * closed, for free() in another file must still fault; opened by a check
 * in instrumented code it stays open for the statement's reads. */
static void serve_piece(nurt_entry *e, uintptr_t lo, uintptr_t hi, const piece_arg *a) {
  (void)lo;
  (void)hi;
  int head = e->head_prot == RO ? RO : NONE;
  bring_back(e, a->n);
  if (!a->n && nurt_on_device(e))
    nurt_protect(e, RO, head);
}

/* Host code needs b's pages at [lo, hi) (`on_head`: the page of malloc's
 * header among them) readable, or also writable when `write` is 1 (0: a
 * read; -1: not known).  The pieces there that only the device holds come
 * back; then a write or bytes past the array make them host-fresh, a read
 * leaves them both (PROT_READ).  The header's page brings the whole array
 * home: free() or realloc() in another file is reading it.  `ahead`: a
 * fault, which may read ahead. */
static void serve(nurt_buf *b, uintptr_t lo, uintptr_t hi, int on_head, int write, int ahead) {
  if (on_head) {
    on_pieces(b, buf_lo(b), buf_hi(b), range_access, &(piece_arg){.n = 1});
    return;
  }
  int writes = lo < buf_lo(b) || hi > buf_hi(b) || write == 1;
  lo = down(lo);
  hi = up(hi);
  if (ahead && device_bytes(b) <= SMALL_BACK) {
    /* what the device holds of b costs about what one more fault costs:
     * bring it all back now, not fault by fault */
    on_pieces(b, buf_lo(b), buf_hi(b), serve_piece, &(piece_arg){.n = 0});
  }
  if (ahead) {
    /* a fault at the first page of a piece, right after one already
     * served: a scan going on; serve twice what the piece before holds */
    size_t i = nurt_table_first_after(lo);
    nurt_entry *at = piece_at(b, i), *before = i ? piece_at(b, i - 1) : NULL;
    size_t n = 1;
    nurt_state served = writes ? NURT_HOST_FRESH : NURT_BOTH;
    if (at && before && lo_of(at) == lo && before->state == served && at->state != served)
      n = 2 * (up(hi_of(before)) - down(lo_of(before))) / nurt_page();
    n = n < RA_MAX ? n : RA_MAX;
    hi = max_of(hi, min_of(b->ghi, lo + n * nurt_page()));
  }
  on_pieces(b, max_of(lo, buf_lo(b)), min_of(hi, buf_hi(b)), serve_piece,
            &(piece_arg){.n = writes});
}

/* A fault at `addr`.  On a page of a piece: PROT_NONE → copy back, PROT_READ
 * (a read may go on; a write faults again); PROT_READ → host-fresh,
 * read-write.  The malloc header's page, or bytes that are not the array's:
 * host-fresh at once.  `write` (when the machine tells) saves the second
 * fault of a write, and tells a read that raced with another thread's fault
 * from a write. */
static int sync_fault(uintptr_t addr, int write) {
  NURT_LOCKED();
  nurt_entry *e = NULL, *x;
  for (size_t i = near(addr); !e && (x = nurt_table_at(i)) && lo_of(x) <= addr + nurt_page(); i++)
    if (nurt_is_guarded(x) && addr >= x->glo && addr < x->ghi)
      e = x;
  if (!e)
    return 0;
  int on_head = e->head && addr < e->head + nurt_page();
  int prot = on_head ? e->head_prot : e->prot;
  if (prot == RW || (prot == RO && write == 0))
    return 0; /* opened by another thread meanwhile (guard.c retries), or not ours */
  nurt_counters.faults++;
  if (checking.file) {
    nurt_prof_cause(NURT_CAUSE_HOST, checking.file, checking.line, NULL);
  } else {
    nurt_prof_cause(NURT_CAUSE_FAULT, NULL, 0, NULL);
    nurt_prof_cause_pc(nurt_guard_pc);
  }
  int writes = prot != NONE ? 1 : write;
  int over = ++checking.faults - FAULT_BUDGET;
  nurt_buf *b = e->buf;
  if (over > 0 && checking.file) {
    serve(b, buf_lo(b), buf_hi(b), on_head, writes, 0);
  } else if (over > 0) {
    /* code nucc did not see, past the budget: each fault serves twice what
     * the one before did, from the fault on, so that a scan the read-ahead
     * cannot follow (a row's upper triangle, row after row) takes a few
     * dozen faults more, not one per row, without guessing that the code
     * will touch the whole array */
    uintptr_t span = nurt_page() << (over < 30 ? over : 30);
    uintptr_t hi = addr < buf_hi(b) ? min_of(buf_hi(b), addr + span) : addr + 1;
    serve(b, addr, hi, on_head, writes, 1);
  } else {
    serve(b, addr, addr + 1, on_head, writes, 1);
  }
  nurt_prof_cause(NURT_CAUSE_NONE, NULL, 0, NULL);
  nurt_sync_check();
  return 1;
}

/* A system call will read (write == 0) or write [lo, hi): every array with
 * protected pages there is served as a fault on them would be, at once. */
static void sync_range(uintptr_t lo, uintptr_t hi, int write) {
  NURT_LOCKED();
  int need = write ? RW : RO;
  const nurt_buf *done = NULL;
  nurt_entry *e;
  for (size_t i = near(lo); (e = nurt_table_at(i)) && lo_of(e) < hi + nurt_page();) {
    nurt_buf *b = e->buf;
    if (b == done || !nurt_is_guarded(e)) {
      i++;
      continue;
    }
    done = b;
    int on_head = 0, closed = 0;
    nurt_entry *x;
    for (size_t j = first_piece(b); (x = piece_at(b, j)); j++) {
      if (x->ghi <= lo || hi <= x->glo)
        continue;
      /* a buffer on the header's page: the whole array home, as a fault
       * there would make it (the call may be free's or realloc's) */
      uintptr_t blo = x->head ? x->glo + nurt_page() : x->glo;
      on_head |= x->head && lo < blo;
      closed |= (x->head && lo < blo && (x->head_prot & need) != need) ||
                (hi > blo && (x->prot & need) != need);
    }
    if (closed) {
      nurt_prof_cause(NURT_CAUSE_IO, NULL, 0, NULL);
      serve(b, max_of(lo, buf_lo(b)), min_of(hi, buf_hi(b)), on_head, write, 0);
      nurt_prof_cause(NURT_CAUSE_NONE, NULL, 0, NULL);
    }
    i = first_piece(b);
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
 *                 on a guarded piece off the host; a shadow exactly when an
 *                 unguarded piece is off the host
 *   host-fresh    pages read-write: the host may write
 *   both          classified; guarded: body PROT_READ, head PROT_READ or NONE
 *   device-fresh  classified; guarded: body and head PROT_NONE
 *   guarded       its pages a page range within a page of its bytes, the
 *                 malloc header's page first
 *   an array      its pieces tile it; the count of those off the host */
#ifndef NDEBUG
static void assert_guarded_pages(const nurt_entry *e) {
  uintptr_t p = nurt_page();
  NURT_ASSERT(e->glo % p == 0 && e->ghi % p == 0 && e->glo < e->ghi,
              "protected pages not a page range");
  NURT_ASSERT(e->glo <= down(lo_of(e) + p - 1) && e->ghi <= hi_of(e) + p,
              "protected pages outside the entry");
  NURT_ASSERT(!e->head || e->head == e->glo, "malloc's header page not the first page");
  NURT_ASSERT(e->head || e->head_prot == e->prot, "a head protection without a head page");
  NURT_ASSERT(e->glo >= e->buf->glo && e->ghi <= e->buf->ghi,
              "a piece's pages outside its array's");
}

static void assert_entry_state(const nurt_entry *e) {
  NURT_ASSERT(e->bytes > 0 && e->buf && e->buf->mem, "an entry without bytes or buffer");
  NURT_ASSERT(lo_of(e) >= buf_lo(e->buf) && hi_of(e) <= buf_hi(e->buf),
              "a piece outside its array");
  NURT_ASSERT(!e->snap || e->loose, "an edge snapshot without loose edges");
  NURT_ASSERT(!e->shadowed == (nurt_is_guarded(e) || nurt_is_host_fresh(e)),
              "an unprotected entry off the host without its shadow, or a shadow elsewhere");
  NURT_ASSERT(!e->loose || (nurt_is_guarded(e) && nurt_on_device(e)),
              "loose edges on an entry that is not protected or is host-fresh");
  if (nurt_is_guarded(e))
    assert_guarded_pages(e);
  switch (e->state) {
  case NURT_HOST_FRESH:
    NURT_ASSERT(!nurt_is_guarded(e) || (e->prot == RW && e->head_prot == RW),
                "a host-fresh entry still protected");
    break;
  case NURT_BOTH:
    NURT_ASSERT(e->buf->guard != NURT_GUARD_UNKNOWN, "an entry in state both not classified");
    NURT_ASSERT(!nurt_is_guarded(e) ||
                    (e->prot == RO && (e->head_prot == RO || e->head_prot == NONE)),
                "an entry in state both not read-only");
    break;
  case NURT_DEVICE_FRESH:
    NURT_ASSERT(e->buf->guard != NURT_GUARD_UNKNOWN, "a device-fresh entry not classified");
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
  const nurt_entry *e, *x = NULL;
  for (size_t i = 0; (e = nurt_table_at(i)); x = e, i++) {
    assert_entry_state(e);
    live += nurt_on_device(e);
    if (!x || x->buf != e->buf) {
      NURT_ASSERT(lo_of(e) == buf_lo(e->buf), "an array's first piece not at its start");
      size_t n = 0, on = 0;
      const nurt_entry *y;
      for (size_t j = i; (y = nurt_table_at(j)) && y->buf == e->buf; j++) {
        n++;
        on += nurt_on_device(y);
      }
      NURT_ASSERT(n == e->buf->pieces && on == e->buf->live, "an array's count of pieces is wrong");
      NURT_ASSERT(e->buf->live || e->buf->guard != NURT_GUARD_YES,
                  "an array wholly on the host still protected");
    } else {
      NURT_ASSERT(hi_of(x) == lo_of(e), "an array's pieces do not tile it");
    }
    if (!x)
      continue;
    NURT_ASSERT(hi_of(x) <= lo_of(e), "two entries overlap");
    if (nurt_is_guarded(x))
      NURT_ASSERT(x->ghi <= lo_of(e) || (x->buf == e->buf && x->ghi <= e->glo),
                  "protected pages hold another entry");
    if (nurt_is_guarded(e))
      NURT_ASSERT(hi_of(x) <= e->glo || (x->buf == e->buf && x->ghi <= e->glo),
                  "protected pages hold another entry");
  }
  NURT_ASSERT(live == nlive, "the count of entries on the device is wrong");
#endif
}

/* What the array holding ptr is, taken whole: device-fresh if a piece is,
 * both if a piece is on the device, host-fresh if none. */
nurt_state nurt_sync_state_of(const void *ptr) {
  nurt_lock();
  nurt_entry *e = nurt_table_find(ptr, 1);
  nurt_state s = NURT_HOST_FRESH;
  if (e) {
    nurt_buf *b = e->buf;
    for (size_t i = first_piece(b); (e = piece_at(b, i)); i++)
      if (nurt_is_device_fresh(e) || (nurt_is_both(e) && s == NURT_HOST_FRESH))
        s = e->state;
  }
  nurt_unlock();
  return s;
}

static void reinstate(nurt_entry *e, uintptr_t lo, uintptr_t hi, const piece_arg *a) {
  (void)lo;
  (void)hi;
  if ((nurt_state)a->n == NURT_DEVICE_FRESH && !nurt_is_device_fresh(e)) {
    nurt_wait_upload(e);
    nurt_transition(e, NURT_ON_DEVICE_KEPT); /* an unprotected one shadows the check's bytes */
  }
}

void nurt_sync_reinstate(const void *ptr, size_t bytes, nurt_state s) {
  nurt_lock();
  nurt_buf *b = buf_at((uintptr_t)ptr);
  if (b && bytes)
    on_pieces(b, (uintptr_t)ptr, min_of((uintptr_t)ptr + bytes, buf_hi(b)), reinstate,
              &(piece_arg){.n = (int)s});
  nurt_sync_check();
  nurt_unlock();
}
