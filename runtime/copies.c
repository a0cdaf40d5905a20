/* copies.c — the mover: array data between host and device, with nothing
 * to say about protection.  Asynchronous uploads, blocking copies back, and
 * copies through /proc/self/mem and a bounce buffer (guard.c's peek and poke)
 * that read and write pages whatever their protection.  Which of these a copy
 * takes, and any page opened around it, is sync.c's to decide.  Callers hold
 * nurt_lock. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "nurt_internal.h"

enum { STAGING_MAX = 8 << 20 };

static unsigned long uploads; /* enqueued so far: an upload's place on the queue */
static char *staging;         /* bounce buffer for copies to or from protected pages */

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

/* The bounce buffer: STAGING_MAX bytes of pinned host memory
 * (CL_MEM_ALLOC_HOST_PTR, mapped once), so that its half of a staged copy
 * runs at the link's DMA rate, not through the driver's own bounce of
 * pageable memory (issue 25 §2); plain malloc'ed memory where the device
 * gives none.  Returns the bytes of the next chunk of an n-byte copy. */
static cl_mem staging_mem;

static size_t stage(size_t n) {
  n = n < STAGING_MAX ? n : STAGING_MAX;
  if (staging)
    return n;
  cl_int err;
  staging_mem = clCreateBuffer(nurt_g.context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR,
                               STAGING_MAX, NULL, &err);
  if (err == CL_SUCCESS)
    staging = clEnqueueMapBuffer(nurt_g.queue, staging_mem, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0,
                                 STAGING_MAX, 0, NULL, NULL, &err);
  if (err != CL_SUCCESS || !staging) {
    if (staging_mem)
      clReleaseMemObject(staging_mem);
    staging_mem = NULL;
    staging = malloc(STAGING_MAX);
    if (!staging)
      nurt_fatal("out of host memory for a %d-byte copy buffer", STAGING_MAX);
  }
  return n;
}

/* GB/s of one STAGING_MAX-byte copy each way between the pinned bounce
 * buffer and a device buffer, timed by the queue's profiling (NU_PROFILE):
 * the link's rate, against which NU_PROFILE rates the program's copies.
 * 0 where it cannot be measured. */
void nurt_copies_pinned_rates(double *up, double *down) {
  NURT_LOCKED();
  *up = *down = 0;
  stage(STAGING_MAX);
  if (!staging_mem)
    return;
  cl_int err;
  cl_mem dev = clCreateBuffer(nurt_g.context, CL_MEM_READ_WRITE, STAGING_MAX, NULL, &err);
  if (err != CL_SUCCESS)
    return;
  for (int rep = 0; rep < 3; rep++) /* the best of three, after the first touches the pages */
    for (int d = 0; d < 2; d++) {
      cl_event ev;
      err =
          d ? clEnqueueReadBuffer(nurt_g.queue, dev, CL_TRUE, 0, STAGING_MAX, staging, 0, NULL, &ev)
            : clEnqueueWriteBuffer(nurt_g.queue, dev, CL_TRUE, 0, STAGING_MAX, staging, 0, NULL,
                                   &ev);
      if (err != CL_SUCCESS)
        continue;
      double t = nurt_prof_event_seconds(ev), *best = d ? down : up;
      if (t > 0 && (double)STAGING_MAX / t * 1e-9 > *best)
        *best = (double)STAGING_MAX / t * 1e-9;
      clReleaseEvent(ev);
    }
  clReleaseMemObject(dev);
}

void nurt_copies_count(nurt_entry *e, int to_host, size_t bytes) {
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
  if (to_host)
    nurt_multi_gather(e->buf, nurt_off(e, lo), nurt_off(e, hi), w);
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
    nurt_prof_waited(CL_SUCCESS, NULL, NULL); /* blocking: the kernels before it ran */
    if (to_host && nurt_guard_poke(at, staging, n) != 0) {
      if (at > lo)
        nurt_fatal("writing protected host memory failed");
      return 0;
    }
    at += n;
  }
  if (!to_host)
    nurt_multi_own0(e->buf, nurt_off(e, lo), nurt_off(e, hi));
  nurt_copies_count(e, to_host, hi - lo);
  return 1;
}

/* n bytes sent up for e: `done` is its pending upload from now on (the
 * host's bytes are read until it completes), `timed` the transfer over the
 * link that the profile times; this takes one reference to each. */
static void note_upload(nurt_entry *e, size_t n, cl_event done, cl_event timed) {
  nurt_copies_count(e, 0, n);
  if (e->upload)
    clReleaseEvent(e->upload);
  e->upload = done;
  e->upload_no = ++uploads;
  nurt_prof_push(timed, NURT_EV_TO_DEVICE, e->prof);
}

/* Starts the copy of n bytes at src into e's buffer at off; it is e's
 * pending upload until it finishes (src must stay as it is until then). */
static void enqueue_upload(nurt_entry *e, size_t off, size_t n, const void *src, int blocking,
                           const nurt_where *w) {
  cl_event ev;
  nurt_check(clEnqueueWriteBuffer(nurt_g.queue, e->buf->mem, blocking ? CL_TRUE : CL_FALSE, off, n,
                                  src, 0, NULL, &ev),
             "clEnqueueWriteBuffer", w);
  nurt_multi_own0(e->buf, off, off + n);
  clRetainEvent(ev);
  note_upload(e, n, ev, ev);
}

/* Large uploads of a heap array go through its mirror (nurt_buf.mirror): a
 * CL_MEM_USE_HOST_PTR buffer over the array's pages, which NVIDIA's driver
 * pins when it is made.  Mapping a range of it for writing and unmapping it
 * sends that range of the host's pages up at the pinned rate (0.93 of a
 * pinned copy on the H200, where a copy from pageable memory reaches 0.13,
 * and eight threads copying through a pinned bounce buffer 0.55); a copy on
 * the device then takes it into the array's buffer.  Pinning costs about
 * 30 µs per MiB, once per array: below MIRROR_MIN a plain copy is cheaper.
 * Only blocks heap.c recorded and arrays in static storage get one (a stack
 * array's pages are another frame's once it returns), and only while the
 * memory at the array's address is the same allocation: a block freed and
 * allocated again, or a static array after a dlclose, gets a new one, the
 * old released (its pages were the old allocation's). */
enum { MIRROR_MIN = 1 << 20 };

/* The pages [*lo, *hi) a mirror of b covers: a heap block's own pages (its
 * first holds the malloc header, its last nothing else), or the pages a
 * static array alone holds, whose neighbours are other variables.  0 where
 * they would overlap another array's mirror (two arrays over one object:
 * the driver pins a page once), or where nurt has closed any of them: a
 * driver pins a mirror's pages when it makes it and cannot pin pages the
 * process may not touch.  NVIDIA's then makes the buffer all the same and
 * copies through it on the CPU, faulting on the closed pages inside the
 * driver (seen on the H200: heat-3d's B, never uploaded, first mirrored for
 * a copy back).  nurt_mirror_before_closing makes it while they are open. */
static int mirror_pages(nurt_buf *b, int heap, uintptr_t *lo, uintptr_t *hi) {
  uintptr_t page = nurt_page(), base = (uintptr_t)b->base, end = base + b->bytes;
  *lo = heap ? base & ~(page - 1) : (base + page - 1) & ~(page - 1);
  *hi = heap ? (end + page - 1) & ~(page - 1) : end & ~(page - 1);
  if (*hi <= *lo || *hi - *lo < MIRROR_MIN)
    return 0;
  if (nurt_guarded_below(*lo, *hi, PROT_READ | PROT_WRITE))
    return 0;
  nurt_entry *x;
  for (size_t i = 0; (x = nurt_table_at(i)); i++)
    if (x->buf != b && x->buf->mirror && x->buf->mirror_lo < *hi && *lo < x->buf->mirror_hi)
      return 0;
  return 1;
}

static int mirror_of(nurt_buf *b) {
  if (b->mirror_failed)
    return 0;
  unsigned long gen = nurt_heap_generation(b->base);
  int heap = gen != 0;
  if (!heap)
    gen = nurt_static_generation(b->base, b->bytes);
  if (b->mirror && b->mirror_gen == gen)
    return 1;
  nurt_mirror_release(b);
  uintptr_t lo, hi;
  if (!gen || !mirror_pages(b, heap, &lo, &hi))
    return 0;
  cl_int err;
  b->mirror = clCreateBuffer(nurt_g.context, CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR, hi - lo,
                             (void *)lo, &err);
  if (err != CL_SUCCESS || !b->mirror) {
    b->mirror = NULL;
    b->mirror_failed = 1;
    return 0;
  }
  b->mirror_lo = lo;
  b->mirror_hi = hi;
  b->mirror_gen = gen;
  return 1;
}

void nurt_mirror_release(nurt_buf *b) {
  if (b->mirror)
    clReleaseMemObject(b->mirror); /* unpins the pages, still the program's */
  b->mirror = NULL;
}

void nurt_mirror_before_closing(nurt_buf *b) {
  NURT_LOCKED();
  if (nurt_counters.direct_probe != 0 && b->bytes >= MIRROR_MIN && !b->mirror)
    mirror_of(b);
}

/* [*a, *z): the part of [lo, hi) under b's mirror; 0 when it is empty. */
static int under_mirror(const nurt_buf *b, uintptr_t lo, uintptr_t hi, uintptr_t *a, uintptr_t *z) {
  *a = lo > b->mirror_lo ? lo : b->mirror_lo;
  *z = hi < b->mirror_hi ? hi : b->mirror_hi;
  return *a < *z;
}

/* A static array's upload sends the bytes beside its mirror, on pages it
 * shares with other variables, from pageable memory first: the queue is in
 * order, so the mirror's copy, the entry's pending upload, ends after them. */
static void beside_mirror(nurt_entry *e, uintptr_t lo, uintptr_t hi, const nurt_where *w) {
  if (hi <= lo)
    return;
  nurt_check(clEnqueueWriteBuffer(nurt_g.queue, e->buf->mem, CL_FALSE, nurt_off(e, lo), hi - lo,
                                  (const void *)lo, 0, NULL, NULL),
             "clEnqueueWriteBuffer", w);
}

static int mirrored_upload(nurt_entry *e, uintptr_t lo, size_t n, const nurt_where *w) {
  nurt_buf *b = e->buf;
  uintptr_t a, z;
  if (n < MIRROR_MIN || !mirror_of(b) || !under_mirror(b, lo, lo + n, &a, &z))
    return 0;
  size_t at = a - b->mirror_lo;
  cl_int err;
  cl_event sent, ev;
  void *p = clEnqueueMapBuffer(nurt_g.queue, b->mirror, CL_FALSE, CL_MAP_WRITE_INVALIDATE_REGION,
                               at, z - a, 0, NULL, NULL, &err);
  if (err != CL_SUCCESS || !p) {
    nurt_mirror_release(b);
    b->mirror_failed = 1;
    return 0;
  }
  beside_mirror(e, lo, a, w);
  beside_mirror(e, z, lo + n, w);
  nurt_check(clEnqueueUnmapMemObject(nurt_g.queue, b->mirror, p, 0, NULL, &sent),
             "clEnqueueUnmapMemObject", w);
  nurt_check(
      clEnqueueCopyBuffer(nurt_g.queue, b->mirror, b->mem, at, nurt_off(e, a), z - a, 0, NULL, &ev),
      "clEnqueueCopyBuffer", w);
  nurt_counters.mirrored++;
  nurt_multi_own0(b, nurt_off(e, lo), nurt_off(e, lo) + n);
  /* NVIDIA's unmap is the copy over the link; PoCL's costs nothing and
   * its copy on the device is the memcpy: the profile times both (with the
   * unmap's alone, PoCL's rate to the device read 100,000 GB/s) */
  clRetainEvent(ev);
  nurt_prof_push(ev, NURT_EV_TO_DEVICE, e->prof);
  note_upload(e, n, ev, sent);
  return 1;
}

/* Copies back straight into protected pages (issue 25 §2).  NVIDIA's
 * driver DMAs a read into host memory it has pinned (an array's mirror)
 * without touching the pages on the CPU: they stay PROT_NONE, no other
 * thread sees them half written, and the copy runs at the pinned rate (on
 * the H100: 0.83 of a pinned copy for 4 KiB, 0.91 for 1 MiB, 1.00 for
 * 256 MiB), where the bounce buffer and /proc/self/mem reach 2 GB/s.  A
 * driver that copies on the CPU (PoCL, whose device is the CPU) would fault
 * inside nurt: once per process, a probe reads into protected pages of its
 * own under a mirror, at three sizes and alignments, and the handler counts
 * faults there instead of serving them (guard.c).  Only a probe with no
 * fault and the right bytes turns the direct copies on. */
static int probe_direct(void) {
  /* the size of the smallest mirror it stands for */
  size_t page = nurt_page(), n = MIRROR_MIN;
  char *scratch = aligned_alloc(page, n), *pattern = malloc(n);
  cl_mem mirror = NULL, dev = NULL;
  int ok = 0;
  cl_int err = CL_SUCCESS;
  if (scratch && pattern) {
    memset(scratch, 0, n);
    for (size_t i = 0; i < n; i++)
      pattern[i] = (char)(i * 7 + 1);
    mirror =
        clCreateBuffer(nurt_g.context, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, n, scratch, &err);
    if (err == CL_SUCCESS)
      dev = clCreateBuffer(nurt_g.context, CL_MEM_READ_WRITE, n, NULL, &err);
    if (err == CL_SUCCESS)
      err = clEnqueueWriteBuffer(nurt_g.queue, dev, CL_TRUE, 0, n, pattern, 0, NULL, NULL);
  }
  if (mirror && dev && err == CL_SUCCESS) {
    /* a page, 8 bytes, half a page at an odd place */
    size_t off[3] = {0, page + 8, 2 * page + 100}, len[3] = {page, 8, page / 2};
    nurt_guard_probe_begin((uintptr_t)scratch, (uintptr_t)scratch + n);
    if (mprotect(scratch, n, PROT_NONE) == 0) {
      ok = 1;
      for (int i = 0; i < 3 && ok; i++)
        ok = clEnqueueReadBuffer(nurt_g.queue, dev, CL_TRUE, off[i], len[i], scratch + off[i], 0,
                                 NULL, NULL) == CL_SUCCESS;
    }
    ok &= nurt_guard_probe_end() == 0;
    mprotect(scratch, n, PROT_READ | PROT_WRITE);
    for (int i = 0; i < 3 && ok; i++)
      ok = memcmp(scratch + off[i], pattern + off[i], len[i]) == 0;
  }
  if (dev)
    clReleaseMemObject(dev);
  if (mirror)
    clReleaseMemObject(mirror);
  clFinish(nurt_g.queue);
  free(scratch);
  free(pattern);
  return ok;
}

/* A blocking read of e's [lo, hi) into `to`: its event, for the profile. */
static cl_event read_down(nurt_entry *e, uintptr_t lo, uintptr_t hi, void *to) {
  cl_event ev;
  nurt_check(clEnqueueReadBuffer(nurt_g.queue, e->buf->mem, CL_TRUE, nurt_off(e, lo), hi - lo, to,
                                 0, NULL, &ev),
             "clEnqueueReadBuffer", &e->writer);
  nurt_prof_waited(CL_SUCCESS, NULL, NULL);
  return ev;
}

/* The bytes of a static array beside its mirror, under a page: read into
 * memory of nurt's, then written to their pages through /proc/self/mem, as
 * nurt_copy_staged does, without making its bounce buffer for so little. */
static int beside_mirror_down(nurt_entry *e, uintptr_t lo, uintptr_t hi) {
  if (hi <= lo)
    return 1;
  char *tmp = malloc(hi - lo);
  if (!tmp)
    return 0;
  clReleaseEvent(read_down(e, lo, hi, tmp));
  int ok = nurt_guard_poke(lo, tmp, hi - lo) == 0;
  free(tmp);
  return ok;
}

int nurt_copy_direct(nurt_entry *e, uintptr_t lo, uintptr_t hi) {
  NURT_LOCKED();
  nurt_buf *b = e->buf;
  uintptr_t a, z;
  if (nurt_counters.direct_probe == 0 || b->bytes < MIRROR_MIN || !mirror_of(b) ||
      !under_mirror(b, lo, hi, &a, &z))
    return 0;
  if (nurt_counters.direct_probe < 0)
    nurt_counters.direct_probe = probe_direct();
  if (!nurt_counters.direct_probe)
    return 0;
  nurt_multi_gather(b, nurt_off(e, lo), nurt_off(e, hi), &e->writer);
  if (!beside_mirror_down(e, lo, a) || !beside_mirror_down(e, z, hi))
    return 0; /* no /proc/self/mem: the caller's way, all of it again */
  /* the pages as they are: the DMA does not see their protection */
  cl_event ev = read_down(e, a, z, (void *)a);
  nurt_copies_count(e, 1, hi - lo);
  nurt_prof_push(ev, NURT_EV_TO_HOST, e->prof);
  nurt_counters.direct_back++;
  return 1;
}

void nurt_copy_up(nurt_entry *e, uintptr_t lo, uintptr_t hi, int blocking, const nurt_where *w) {
  NURT_LOCKED();
  if (!blocking && mirrored_upload(e, lo, hi - lo, w))
    return;
  enqueue_upload(e, nurt_off(e, lo), hi - lo, (const void *)lo, blocking, w);
}

void nurt_upload_from(nurt_entry *e, const void *src, const nurt_where *w) {
  NURT_LOCKED();
  enqueue_upload(e, nurt_off(e, lo_of(e)), e->bytes, src, 0, w);
}

void nurt_copy_down(nurt_entry *e, uintptr_t lo, uintptr_t hi) {
  NURT_LOCKED();
  nurt_multi_gather(e->buf, nurt_off(e, lo), nurt_off(e, hi), &e->writer);
  cl_event ev = read_down(e, lo, hi, (void *)lo);
  nurt_copies_count(e, 1, hi - lo);
  nurt_prof_push(ev, NURT_EV_TO_HOST, e->prof);
}

void nurt_copies_release(void) {
  if (staging_mem) {
    clEnqueueUnmapMemObject(nurt_g.queue, staging_mem, staging, 0, NULL, NULL);
    clFinish(nurt_g.queue);
    clReleaseMemObject(staging_mem);
  } else {
    free(staging);
  }
  staging_mem = NULL;
  staging = NULL;
}
