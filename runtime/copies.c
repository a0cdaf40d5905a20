/* copies.c — array data between host and device: asynchronous uploads,
 * blocking copies back, and, for pages the runtime protects, copies through
 * /proc/self/mem and a bounce buffer so that no protection has to open (or,
 * without it, opening and closing them around the copy).  Callers hold
 * nurt_lock. */
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "nurt_internal.h"

enum { RW = PROT_READ | PROT_WRITE, RO = PROT_READ, STAGING_MAX = 8 << 20 };

static char *staging; /* bounce buffer for copies to or from protected pages */
static size_t staging_bytes;

static uintptr_t lo_of(const nurt_entry *e) { return (uintptr_t)e->base; }
static uintptr_t hi_of(const nurt_entry *e) { return (uintptr_t)e->base + e->bytes; }
static uintptr_t down(uintptr_t a) { return a & ~(nurt_page() - 1); }
static uintptr_t up(uintptr_t a) { return down(a + nurt_page() - 1); }

void nurt_wait_upload(nurt_entry *e) {
  NURT_LOCKED();
  if (!e->upload)
    return;
  nurt_check(clWaitForEvents(1, &e->upload), "clWaitForEvents", &e->writer);
  clReleaseEvent(e->upload);
  e->upload = NULL;
}

/* The device may still be reading [lo, hi) for an upload: wait for it. */
void nurt_wait_uploads_on(uintptr_t lo, uintptr_t hi) {
  NURT_LOCKED();
  for (size_t i = 0; i < nurt_ntable; i++) {
    nurt_entry *x = nurt_table[i];
    if (x->upload && lo_of(x) < hi && lo < hi_of(x))
      nurt_wait_upload(x);
  }
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
  for (size_t i = 0; i < nurt_ntable; i++) {
    nurt_entry *x = nurt_table[i];
    if (x->guard != NURT_GUARD_YES || x->ghi <= lo || hi <= x->glo)
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

/* Some page of [lo, hi) is protected below `need` (PROT_READ or RW). */
int nurt_guarded_below(uintptr_t lo, uintptr_t hi, int need) {
  NURT_LOCKED();
  lo = down(lo);
  hi = up(hi);
  for (size_t i = 0; i < nurt_ntable; i++) {
    nurt_entry *x = nurt_table[i];
    if (x->guard == NURT_GUARD_YES && x->glo < hi && lo < x->ghi &&
        ((x->prot & need) != need || (x->head_prot & need) != need))
      return 1;
  }
  return 0;
}

/* The bounce buffer for n bytes: a chunk of at most STAGING_MAX. */
static size_t stage(size_t n) {
  n = n < STAGING_MAX ? n : STAGING_MAX;
  if (staging_bytes < n) {
    free(staging);
    staging = malloc(n);
    if (!staging)
      nurt_fatal("out of host memory for a %zu-byte copy buffer", n);
    staging_bytes = n;
  }
  return n;
}

static void count(nurt_entry *e, int to_host, size_t bytes) {
  if (to_host) {
    nurt_counters.copies_to_host++;
    nurt_counters.bytes_to_host += bytes;
  } else {
    nurt_counters.copies_to_device++;
    nurt_counters.bytes_to_device += bytes;
  }
  if (e->prof)
    nurt_prof_count(e->prof, to_host, bytes);
}

/* Copies [lo, hi) between the host and e's buffer through the bounce buffer
 * and /proc/self/mem, leaving every protection as it is; blocking.  0 when
 * /proc/self/mem cannot be used. */
static int staged(nurt_entry *e, int to_host, uintptr_t lo, uintptr_t hi, const nurt_where *w) {
  for (uintptr_t at = lo; at < hi;) {
    size_t n = stage(hi - at);
    cl_event ev;
    if (!to_host && nurt_guard_peek(staging, at, n) != 0) {
      if (at > lo)
        nurt_fatal("reading protected host memory failed");
      return 0;
    }
    if (to_host)
      nurt_check(clEnqueueReadBuffer(nurt_g.queue, e->mem, CL_TRUE, at - lo_of(e), n, staging, 0,
                                     NULL, &ev),
                 "clEnqueueReadBuffer", w);
    else
      nurt_check(clEnqueueWriteBuffer(nurt_g.queue, e->mem, CL_TRUE, at - lo_of(e), n, staging, 0,
                                      NULL, &ev),
                 "clEnqueueWriteBuffer", w);
    nurt_prof_push(ev, to_host ? NURT_EV_TO_HOST : NURT_EV_TO_DEVICE, e->prof);
    if (to_host && nurt_guard_poke(at, staging, n) != 0) {
      if (at > lo)
        nurt_fatal("writing protected host memory failed");
      return 0;
    }
    at += n;
  }
  count(e, to_host, hi - lo);
  return 1;
}

/* Starts the copy of n bytes at src into e's buffer at off; it is e's
 * pending upload until it finishes (src must stay as it is until then). */
static void enqueue_upload(nurt_entry *e, size_t off, size_t n, const void *src, int blocking,
                           const nurt_where *w) {
  cl_event ev;
  nurt_check(clEnqueueWriteBuffer(nurt_g.queue, e->mem, blocking ? CL_TRUE : CL_FALSE, off, n, src,
                                  0, NULL, &ev),
             "clEnqueueWriteBuffer", w);
  count(e, 0, n);
  if (e->upload)
    clReleaseEvent(e->upload);
  clRetainEvent(ev);
  e->upload = ev;
  nurt_prof_push(ev, NURT_EV_TO_DEVICE, e->prof);
}

/* Host-to-device copy of [lo, hi) of the host memory into e's buffer;
 * asynchronous unless it reads protected pages. */
void nurt_upload(nurt_entry *e, uintptr_t lo, uintptr_t hi, const nurt_where *w) {
  NURT_LOCKED();
  if (hi <= lo)
    return;
  int closed = nurt_guarded_below(lo, hi, RO);
  if (closed && staged(e, 0, lo, hi, w))
    return;
  saved_list s = {0};
  if (closed)
    expose(lo, hi, RO, &s);
  enqueue_upload(e, lo - lo_of(e), hi - lo, (const void *)lo, s.n != 0, w);
  restore(&s);
}

void nurt_upload_from(nurt_entry *e, const void *src, const nurt_where *w) {
  NURT_LOCKED();
  enqueue_upload(e, 0, e->bytes, src, 0, w);
}

/* Blocking device-to-host copy of [lo, hi) of e.  Into protected pages it
 * goes through /proc/self/mem, so that no other thread of the program sees
 * them half written; without it they are opened meanwhile. */
void nurt_read_back(nurt_entry *e, uintptr_t lo, uintptr_t hi) {
  NURT_LOCKED();
  if (hi <= lo)
    return;
  if (nurt_guarded_below(lo, hi, RW) && staged(e, 1, lo, hi, &e->writer))
    return;
  saved_list s = {0};
  expose(lo, hi, RW, &s);
  cl_event ev;
  nurt_check(clEnqueueReadBuffer(nurt_g.queue, e->mem, CL_TRUE, lo - lo_of(e), hi - lo, (void *)lo,
                                 0, NULL, &ev),
             "clEnqueueReadBuffer", &e->writer);
  count(e, 1, hi - lo);
  nurt_prof_push(ev, NURT_EV_TO_HOST, e->prof);
  restore(&s);
}

void nurt_copies_release(void) {
  free(staging);
  staging = NULL;
  staging_bytes = 0;
}
