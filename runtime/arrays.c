/* arrays.c — the table of host arrays and their device copies (SPEC §5).
 * Receives the ranges kernels use (nurt_arg_buffer via launch.c) and the
 * host's accesses (nurt_host_access, nurt_sync_all, nurt_free, nurt_realloc);
 * moves data only when the copy about to be used is stale.  Entries are
 * disjoint host ranges; a range overlapping several is merged into one. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "nurt_internal.h"

static nurt_entry **table;
static size_t count, cap;
static size_t nlive;     /* entries not HOST_FRESH: 0 makes host access free */
static nurt_entry *last; /* the last entry found, checked first */
static cl_mem dummy;     /* what a zero-byte array argument points at */

static uintptr_t lo_of(const nurt_entry *e) { return (uintptr_t)e->base; }
static uintptr_t hi_of(const nurt_entry *e) { return (uintptr_t)e->base + e->bytes; }

static void set_state(nurt_entry *e, nurt_state s) {
  nlive -= e->state != NURT_HOST_FRESH;
  nlive += s != NURT_HOST_FRESH;
  e->state = s;
}

nurt_entry *nurt_arrays_find(const void *ptr, size_t bytes) {
  uintptr_t lo = (uintptr_t)ptr, hi = lo + (bytes ? bytes : 1);
  if (last && lo >= lo_of(last) && hi <= hi_of(last))
    return last;
  for (size_t i = 0; i < count; i++)
    if (lo >= lo_of(table[i]) && hi <= hi_of(table[i]))
      return last = table[i];
  return NULL;
}

/* Blocking device-to-host copy of the whole entry; the host copy is fresh. */
static void copy_back(nurt_entry *e) {
  cl_event ev;
  nurt_check(clEnqueueReadBuffer(nurt_g.queue, e->mem, CL_TRUE, 0, e->bytes, e->base, 0, NULL, &ev),
             "clEnqueueReadBuffer", &e->writer);
  nurt_counters.copies_to_host++;
  nurt_counters.bytes_to_host += e->bytes;
  if (e->prof) {
    e->prof->copies[1]++;
    e->prof->moved[1] += e->bytes;
  }
  nurt_prof_push(ev, NURT_EV_TO_HOST, e->prof);
  set_state(e, NURT_BOTH);
}

/* The device may still be reading the host memory of a pending upload. */
static void wait_upload(nurt_entry *e) {
  if (!e->upload)
    return;
  nurt_check(clWaitForEvents(1, &e->upload), "clWaitForEvents", &e->writer);
  clReleaseEvent(e->upload);
  e->upload = NULL;
}

/* Non-blocking host-to-device copy of the whole entry. */
static void upload(nurt_entry *e, const nurt_where *w) {
  cl_event ev;
  nurt_check(
      clEnqueueWriteBuffer(nurt_g.queue, e->mem, CL_FALSE, 0, e->bytes, e->base, 0, NULL, &ev),
      "clEnqueueWriteBuffer", w);
  nurt_counters.copies_to_device++;
  nurt_counters.bytes_to_device += e->bytes;
  if (e->prof) {
    e->prof->copies[0]++;
    e->prof->moved[0] += e->bytes;
  }
  if (e->upload)
    clReleaseEvent(e->upload);
  clRetainEvent(ev);
  e->upload = ev;
  nurt_prof_push(ev, NURT_EV_TO_DEVICE, e->prof);
  set_state(e, NURT_BOTH);
}

static void drop(size_t i) {
  nurt_entry *e = table[i];
  wait_upload(e);
  set_state(e, NURT_HOST_FRESH);
  clReleaseMemObject(e->mem);
  if (last == e)
    last = NULL;
  table[i] = table[--count];
  free(e);
}

static nurt_entry *create(uintptr_t lo, uintptr_t hi, const nurt_where *w) {
  if (count == cap) {
    size_t n = cap ? 2 * cap : 16;
    nurt_entry **t = realloc(table, n * sizeof(nurt_entry *));
    if (!t)
      nurt_fatal("out of host memory for the array table");
    table = t;
    cap = n;
  }
  nurt_entry *e = calloc(1, sizeof *e);
  if (!e)
    nurt_fatal("out of host memory for the array table");
  cl_int err;
  e->base = (char *)lo;
  e->bytes = hi - lo;
  e->mem = clCreateBuffer(nurt_g.context, CL_MEM_READ_WRITE, e->bytes, NULL, &err);
  nurt_check(err, "clCreateBuffer", w);
  e->state = NURT_HOST_FRESH;
  if (nurt_profile_enabled())
    e->prof = nurt_prof_array(e->base, e->bytes, w);
  table[count++] = e;
  return last = e;
}

/* Host-to-device copy of [lo, hi) of the host memory into e's buffer. */
static void upload_part(nurt_entry *e, uintptr_t lo, uintptr_t hi, const nurt_where *w) {
  if (hi <= lo)
    return;
  size_t off = lo - lo_of(e);
  cl_event ev;
  nurt_check(
      clEnqueueWriteBuffer(nurt_g.queue, e->mem, CL_FALSE, off, hi - lo, (void *)lo, 0, NULL, &ev),
      "clEnqueueWriteBuffer", w);
  nurt_counters.copies_to_device++;
  nurt_counters.bytes_to_device += hi - lo;
  if (e->prof) {
    e->prof->copies[0]++;
    e->prof->moved[0] += hi - lo;
  }
  if (e->upload)
    clReleaseEvent(e->upload);
  clRetainEvent(ev);
  e->upload = ev;
  nurt_prof_push(ev, NURT_EV_TO_DEVICE, e->prof);
}

static int by_base(const void *a, const void *b) {
  uintptr_t x = lo_of(*(nurt_entry *const *)a), y = lo_of(*(nurt_entry *const *)b);
  return x < y ? -1 : x > y;
}

/* A range that overlaps entries without fitting in one: one entry covers
 * the union.  Device data of the old entries moves device-to-device, only
 * the bytes no entry held come from the host — so a stencil whose arrays
 * are used with different extents (rows 0..n-1 read, 1..n-2 written) does
 * not bounce through the host. */
static nurt_entry *merge(uintptr_t lo, uintptr_t hi, const nurt_where *w) {
  nurt_entry *olds[64];
  size_t n = 0;
  for (size_t i = 0; i < count; i++) {
    nurt_entry *o = table[i];
    if (lo_of(o) < hi && lo < hi_of(o)) {
      lo = lo < lo_of(o) ? lo : lo_of(o);
      hi = hi > hi_of(o) ? hi : hi_of(o);
    }
  }
  for (size_t i = 0; i < count;) {
    nurt_entry *o = table[i];
    if (lo_of(o) < hi && lo < hi_of(o) && n < 64) {
      olds[n++] = o;
      table[i] = table[--count]; /* out of the table; released below */
      if (last == o)
        last = NULL;
    } else {
      i++;
    }
  }
  qsort(olds, n, sizeof *olds, by_base);
  nurt_entry *e = create(lo, hi, w);
  bool device_data = false, device_fresh = false;
  for (size_t i = 0; i < n; i++) {
    device_data |= olds[i]->state != NURT_HOST_FRESH;
    device_fresh |= olds[i]->state == NURT_DEVICE_FRESH;
  }
  if (device_data) {
    uintptr_t at = lo;
    for (size_t i = 0; i < n; i++) {
      nurt_entry *o = olds[i];
      if (o->state == NURT_HOST_FRESH)
        continue; /* its bytes come from the host with the gaps */
      upload_part(e, at, lo_of(o), w);
      nurt_check(clEnqueueCopyBuffer(nurt_g.queue, o->mem, e->mem, 0, lo_of(o) - lo, o->bytes, 0,
                                     NULL, NULL),
                 "clEnqueueCopyBuffer", w);
      at = hi_of(o);
    }
    upload_part(e, at, hi, w);
    set_state(e, device_fresh ? NURT_DEVICE_FRESH : NURT_BOTH);
    if (device_fresh)
      e->writer = olds[0]->writer;
  }
  for (size_t i = 0; i < n; i++) {
    nurt_entry *o = olds[i];
    wait_upload(o);
    set_state(o, NURT_HOST_FRESH);
    clReleaseMemObject(o->mem); /* released once the copies are done */
    free(o);
  }
  return e;
}

nurt_entry *nurt_arrays_acquire(const void *ptr, size_t bytes, const nurt_where *w) {
  nurt_entry *e = nurt_arrays_find(ptr, bytes);
  if (!e)
    e = merge((uintptr_t)ptr, (uintptr_t)ptr + bytes, w);
  /* Upload for every mode: a kernel that writes may not write every byte. */
  if (e->state == NURT_HOST_FRESH)
    upload(e, w);
  return e;
}

void nurt_arrays_mark_written(nurt_entry *e, const nurt_where *w) {
  set_state(e, NURT_DEVICE_FRESH);
  e->writer = *w;
}

cl_mem nurt_arrays_dummy(const nurt_where *w) {
  if (!dummy) {
    cl_int err;
    dummy = clCreateBuffer(nurt_g.context, CL_MEM_READ_WRITE, 16, NULL, &err);
    nurt_check(err, "clCreateBuffer", w);
  }
  return dummy;
}

void nurt_host_access(const void *ptr, int write) {
  if (nlive == 0)
    return;
  nurt_entry *e = nurt_arrays_find(ptr, 1);
  if (!e)
    return;
  if (e->state == NURT_DEVICE_FRESH)
    copy_back(e);
  if (write) {
    wait_upload(e);
    set_state(e, NURT_HOST_FRESH);
  }
}

void nurt_escape(void) { nurt_sync_all(); }

void nurt_sync_all(void) {
  if (!nurt_g.ready)
    return;
  nurt_finish(NULL);
  for (size_t i = 0; i < count; i++) {
    nurt_entry *e = table[i];
    if (e->state == NURT_DEVICE_FRESH)
      copy_back(e);
    if (e->upload)
      clReleaseEvent(e->upload); /* finished: the queue is empty */
    e->upload = NULL;
    set_state(e, NURT_HOST_FRESH);
  }
}

/* Drop the entries inside the heap block at p, first copying back their data
 * when `keep` (realloc moves it).  With glibc the block's size is known, so
 * entries for parts of it that do not start at p go too. */
static void forget(void *p, int keep) {
  if (!p || count == 0)
    return;
  uintptr_t lo = (uintptr_t)p;
#ifdef __GLIBC__
  uintptr_t hi = lo + malloc_usable_size(p);
#else
  uintptr_t hi = lo + 1;
#endif
  for (size_t i = 0; i < count;) {
    nurt_entry *e = table[i];
    if (lo_of(e) < lo || lo_of(e) >= hi) {
      i++;
      continue;
    }
    if (keep && e->state == NURT_DEVICE_FRESH)
      copy_back(e);
    drop(i);
  }
}

void nurt_free(void *ptr) {
  forget(ptr, 0);
  free(ptr);
}

void *nurt_realloc(void *ptr, size_t bytes) {
  forget(ptr, 1);
  return realloc(ptr, bytes);
}

void nurt_arrays_release_all(void) {
  for (size_t i = 0; i < count; i++) {
    if (table[i]->upload)
      clReleaseEvent(table[i]->upload);
    clReleaseMemObject(table[i]->mem);
    free(table[i]);
  }
  free(table);
  table = NULL;
  count = cap = nlive = 0;
  last = NULL;
  if (dummy)
    clReleaseMemObject(dummy);
  dummy = NULL;
}
