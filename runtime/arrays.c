/* arrays.c — the table of host arrays and their device copies (SPEC §5).
 * Receives the ranges kernels use (nurt_arg_buffer via launch.c) and the
 * program's free/realloc (nurt_free, nurt_realloc); finds, creates, merges and
 * forgets entries.  Entries are disjoint host ranges; a range overlapping
 * several is merged into one.  The entries live in table.c; their states and
 * protection change in sync.c, data moves in copies.c; callers hold nurt_lock. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "nurt_internal.h"

static cl_mem dummy; /* what a zero-byte array argument points at */

static uintptr_t lo_of(const nurt_entry *e) { return (uintptr_t)e->base; }
static uintptr_t hi_of(const nurt_entry *e) { return (uintptr_t)e->base + e->bytes; }

/* A piece that has left the table: freed, and its array with its last. */
static void release_piece(nurt_entry *e) {
  nurt_buf *b = e->buf;
  if (e->upload)
    clReleaseEvent(e->upload);
  free(e->snap);
  free(e);
  if (--b->pieces)
    return;
  nurt_multi_forget(b);
  clReleaseMemObject(b->mem); /* released once the copies are done */
  nurt_mirror_release(b);
  free(b->shadow);
  free(b);
}

/* Out of the table and released; its pages are read-write again. */
static void drop(size_t i) {
  nurt_entry *e = nurt_table_at(i);
  nurt_wait_upload(e);
  nurt_transition(e, NURT_ON_FORGOTTEN);
  nurt_table_remove_at(i);
  release_piece(e);
}

/* A new array of one piece, host-fresh and unclassified (zeroed: see
 * nurt_internal.h). */
static nurt_entry *create(uintptr_t lo, uintptr_t hi, const nurt_where *w) {
  nurt_entry *e = calloc(1, sizeof *e);
  nurt_buf *b = calloc(1, sizeof *b);
  if (!e || !b)
    nurt_fatal("out of host memory for the array table");
  cl_int err;
  b->base = e->base = (char *)lo;
  b->bytes = e->bytes = hi - lo;
  b->mem = clCreateBuffer(nurt_g.context, CL_MEM_READ_WRITE, b->bytes, NULL, &err);
  nurt_check(err, "clCreateBuffer", w);
  b->pieces = 1;
  e->buf = b;
  if (nurt_profile_enabled())
    e->prof = nurt_prof_array(e->base, e->bytes, w);
  nurt_table_add(e);
  return e;
}

static int by_base(const void *a, const void *b) {
  uintptr_t x = lo_of(*(nurt_entry *const *)a), y = lo_of(*(nurt_entry *const *)b);
  return x < y ? -1 : x > y;
}

/* An old array about to be merged: its device copy complete (the edges the
 * host may have written go up first), its pages no longer protected. */
static void retire(nurt_entry *o, const nurt_where *w) {
  if (nurt_on_device(o))
    nurt_upload_edges(o, w);
}

/* A range that overlaps arrays without fitting in one: one array covers
 * the union.  Device data of the old ones moves device-to-device, only
 * the bytes no piece on the device held come from the host — so a stencil
 * whose arrays are used with different extents (rows 0..n-1 read, 1..n-2
 * written) does not bounce through the host. */
static nurt_entry *merge(uintptr_t lo, uintptr_t hi, const nurt_where *w) {
  size_t n = 0;
  nurt_entry *o;
  for (size_t i = 0; (o = nurt_table_at(i)); i++) {
    if ((uintptr_t)o->buf->base < hi && lo < (uintptr_t)o->buf->base + o->buf->bytes) {
      lo = lo < (uintptr_t)o->buf->base ? lo : (uintptr_t)o->buf->base;
      hi = hi > (uintptr_t)o->buf->base + o->buf->bytes ? hi
                                                        : (uintptr_t)o->buf->base + o->buf->bytes;
    }
  }
  for (size_t i = 0; (o = nurt_table_at(i)); i++)
    n += lo_of(o) < hi && lo < hi_of(o);
  /* Every overlapping piece goes, however many: one left behind would
   * overlap the new array, and the table's entries must stay disjoint. */
  nurt_entry **olds = malloc((n ? n : 1) * sizeof(nurt_entry *));
  if (!olds)
    nurt_fatal("out of host memory merging %zu arrays", n);
  n = 0;
  for (size_t i = 0; (o = nurt_table_at(i)); i++)
    if (lo_of(o) < hi && lo < hi_of(o)) {
      retire(o, w);
      olds[n++] = o;
    }
  for (size_t i = 0; i < n; i++) {
    nurt_unguard(olds[i]); /* every piece of its array: pages opened, shadows taken */
    /* the driver pins a page for one mirror only: the new array's would
     * be made over the old one's pages and not pinned (copies.c) */
    nurt_wait_upload(olds[i]);
    nurt_mirror_release(olds[i]->buf);
  }
  for (size_t i = 0; (o = nurt_table_at(i));) {
    if (lo_of(o) < hi && lo < hi_of(o))
      nurt_table_remove_at(i); /* released below */
    else
      i++;
  }
  qsort(olds, n, sizeof(void *), by_base); /* pointers; sizeof *olds upsets clang-tidy */
  nurt_entry *e = create(lo, hi, w);
  bool device_data = false, device_fresh = false;
  for (size_t i = 0; i < n; i++) {
    device_data |= nurt_on_device(olds[i]);
    device_fresh |= nurt_is_device_fresh(olds[i]);
  }
  if (device_data) {
    uintptr_t at = lo;
    for (size_t i = 0; i < n; i++) {
      o = olds[i];
      if (nurt_is_host_fresh(o))
        continue; /* its bytes come from the host with the gaps */
      nurt_upload(e, at, lo_of(o), w);
      nurt_multi_gather(o->buf, nurt_off(o, lo_of(o)), nurt_off(o, hi_of(o)), w);
      nurt_check(clEnqueueCopyBuffer(nurt_g.queue, o->buf->mem, e->buf->mem, nurt_off(o, lo_of(o)),
                                     lo_of(o) - lo, o->bytes, 0, NULL, NULL),
                 "clEnqueueCopyBuffer", w);
      at = hi_of(o);
    }
    nurt_upload(e, at, hi, w);
    for (size_t i = 0; i < n && device_fresh; i++)
      if (nurt_is_device_fresh(olds[i]))
        e->writer = olds[i]->writer;
    nurt_transition(e, NURT_ON_UPLOADED); /* the old pieces' data, and the gaps */
    if (device_fresh)
      nurt_transition(e, NURT_ON_KERNEL_WROTE); /* some of it newer than the host's */
  }
  for (size_t i = 0; i < n; i++) {
    o = olds[i];
    nurt_wait_upload(o);
    nurt_transition(o, NURT_ON_FORGOTTEN);
    release_piece(o);
  }
  free(olds);
  return e;
}

nurt_entry *nurt_arrays_acquire(const void *ptr, size_t bytes, const nurt_where *w) {
  NURT_LOCKED();
  uintptr_t lo = (uintptr_t)ptr, hi = lo + bytes;
  nurt_entry *e = nurt_table_find(ptr, 1);
  if (!e || hi > (uintptr_t)e->buf->base + e->buf->bytes) {
    /* A kernel may touch a prefix of a heap array that later launches
     * extend (one more row each): take the whole block at once, so it is
     * uploaded once instead of growing launch by launch. */
    int exact;
    size_t whole = nurt_heap_block_bytes(ptr, &exact);
    /* a block known only by its pages, within a page of the access: the
     * whole array already (the rest is malloc's rounding, not worth a
     * copy).  A block heap.c recorded is the array asked for: a small one
     * taken by its prefix grew launch by launch, a device buffer and a
     * merge each (a 300-element solve's x). */
    if (whole < bytes || (!exact && whole <= bytes + nurt_page()))
      whole = bytes;
    e = merge(lo, lo + whole, w);
  }
  nurt_sync_for_launch(e->buf, lo, hi, w);
  nurt_sync_check();
  return nurt_table_find(ptr, 1);
}

void nurt_arrays_mark_written(const void *ptr, size_t bytes, const nurt_where *w) {
  NURT_LOCKED();
  nurt_entry *e = nurt_table_find(ptr, 1);
  if (e && bytes)
    nurt_sync_written(e->buf, (uintptr_t)ptr, (uintptr_t)ptr + bytes, w);
}

cl_mem nurt_arrays_dummy(const nurt_where *w) {
  if (!dummy) {
    cl_int err;
    dummy = clCreateBuffer(nurt_g.context, CL_MEM_READ_WRITE, 16, NULL, &err);
    nurt_check(err, "clCreateBuffer", w);
  }
  return dummy;
}

/* Drop the entries inside the heap block at p, first copying back their data
 * when `keep` (realloc moves it).  With glibc the block's size is known, so
 * entries for parts of it that do not start at p go too.  Entries at p go
 * first: their protected head page holds the header malloc_usable_size reads. */
static void forget(void *p, int keep) {
  NURT_LOCKED();
  if (!p || nurt_table_count() == 0)
    return;
  uintptr_t lo = (uintptr_t)p;
  for (int pass = 0; pass < 2; pass++) {
#ifdef __GLIBC__
    uintptr_t hi = pass ? lo + malloc_usable_size(p) : lo + 1;
#else
    uintptr_t hi = lo + 1;
#endif
    nurt_entry *e;
    for (size_t i = 0; (e = nurt_table_at(i));) {
      if (lo_of(e) < lo || lo_of(e) >= hi) {
        i++;
        continue;
      }
      if (keep && nurt_is_device_fresh(e))
        nurt_copy_back(e);
      drop(i);
    }
  }
  nurt_sync_check();
}

void nurt_free(void *ptr) {
  nurt_lock();
  forget(ptr, 0);
  nurt_unlock();
  free(ptr);
}

void *nurt_realloc(void *ptr, size_t bytes) {
  nurt_lock();
  forget(ptr, 1);
  nurt_unlock();
  return realloc(ptr, bytes);
}

/* At exit: protected arrays come back first, so that exit handlers that run
 * after this one read fresh data from read-write pages. */
static void release_all(void) {
  nurt_lock();
  /* Two passes: a copy back looks at every entry's pages, so none may be
   * freed before the last copy. */
  nurt_entry *e;
  for (size_t i = 0; (e = nurt_table_at(i)); i++) {
    if (nurt_is_guarded(e) && nurt_is_device_fresh(e))
      nurt_copy_back(e);
    nurt_transition(e, NURT_ON_FORGOTTEN); /* unprotected device-fresh data: lost */
  }
  while ((e = nurt_table_at(0))) {
    nurt_table_remove_at(0);
    release_piece(e);
  }
  nurt_table_release();
  if (dummy)
    clReleaseMemObject(dummy);
  dummy = NULL;
  nurt_copies_release();
  nurt_multi_release();
  nurt_unlock();
}

__attribute__((constructor)) static void register_exit_work(void) {
  nurt_device_at_exit(NURT_EXIT_ARRAYS, release_all);
}
