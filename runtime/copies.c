/* copies.c — the mover: array data between host and device, with nothing
 * to say about protection.  Asynchronous uploads, blocking copies back, and
 * copies through /proc/self/mem and a bounce buffer (guard.c's peek and poke)
 * that read and write pages whatever their protection.  Which of these a copy
 * takes, and any page opened around it, is sync.c's to decide.  Callers hold
 * nurt_lock. */
#include <stdint.h>
#include <stdlib.h>

#include "nurt_internal.h"

enum { STAGING_MAX = 8 << 20 };

static unsigned long uploads; /* enqueued so far: an upload's place on the queue */
static char *staging;         /* bounce buffer for copies to or from protected pages */
static size_t staging_bytes;

static uintptr_t lo_of(const nurt_entry *e) { return (uintptr_t)e->base; }
static uintptr_t hi_of(const nurt_entry *e) { return (uintptr_t)e->base + e->bytes; }

/* Of two pieces joined into one, the pending upload that ends last: the
 * queue is in order, so when it is done the other is too. */
void nurt_join_uploads(nurt_entry *into, nurt_entry *from) {
  if (!from->upload)
    return;
  if (into->upload && into->upload_no > from->upload_no) {
    clReleaseEvent(from->upload);
  } else {
    if (into->upload)
      clReleaseEvent(into->upload);
    into->upload = from->upload;
    into->upload_no = from->upload_no;
  }
  from->upload = NULL;
}

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
  nurt_entry *x;
  for (size_t i = 0; (x = nurt_table_at(i)); i++)
    if (x->upload && lo_of(x) < hi && lo < hi_of(x))
      nurt_wait_upload(x);
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

int nurt_copy_staged(nurt_entry *e, int to_host, uintptr_t lo, uintptr_t hi, const nurt_where *w) {
  NURT_LOCKED();
  for (uintptr_t at = lo; at < hi;) {
    size_t n = stage(hi - at);
    cl_event ev;
    if (!to_host && nurt_guard_peek(staging, at, n) != 0) {
      if (at > lo)
        nurt_fatal("reading protected host memory failed");
      return 0;
    }
    if (to_host)
      nurt_check(clEnqueueReadBuffer(nurt_g.queue, e->buf->mem, CL_TRUE, nurt_off(e, at), n,
                                     staging, 0, NULL, &ev),
                 "clEnqueueReadBuffer", w);
    else
      nurt_check(clEnqueueWriteBuffer(nurt_g.queue, e->buf->mem, CL_TRUE, nurt_off(e, at), n,
                                      staging, 0, NULL, &ev),
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
  nurt_check(clEnqueueWriteBuffer(nurt_g.queue, e->buf->mem, blocking ? CL_TRUE : CL_FALSE, off, n,
                                  src, 0, NULL, &ev),
             "clEnqueueWriteBuffer", w);
  count(e, 0, n);
  if (e->upload)
    clReleaseEvent(e->upload);
  clRetainEvent(ev);
  e->upload = ev;
  e->upload_no = ++uploads;
  nurt_prof_push(ev, NURT_EV_TO_DEVICE, e->prof);
}

void nurt_copy_up(nurt_entry *e, uintptr_t lo, uintptr_t hi, int blocking, const nurt_where *w) {
  NURT_LOCKED();
  enqueue_upload(e, nurt_off(e, lo), hi - lo, (const void *)lo, blocking, w);
}

void nurt_upload_from(nurt_entry *e, const void *src, const nurt_where *w) {
  NURT_LOCKED();
  enqueue_upload(e, nurt_off(e, lo_of(e)), e->bytes, src, 0, w);
}

void nurt_copy_down(nurt_entry *e, uintptr_t lo, uintptr_t hi) {
  NURT_LOCKED();
  cl_event ev;
  nurt_check(clEnqueueReadBuffer(nurt_g.queue, e->buf->mem, CL_TRUE, nurt_off(e, lo), hi - lo,
                                 (void *)lo, 0, NULL, &ev),
             "clEnqueueReadBuffer", &e->writer);
  count(e, 1, hi - lo);
  nurt_prof_push(ev, NURT_EV_TO_HOST, e->prof);
}

void nurt_copies_release(void) {
  free(staging);
  staging = NULL;
  staging_bytes = 0;
}
