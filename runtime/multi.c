/* multi.c — an array's copies on the devices of NU_DEVICES beyond the first
 * (issue 30).  Receives from the mover (copies.c, arrays.c) and from split
 * launches (split.c) what each device read and wrote; keeps, per array
 * buffer, which devices hold the current device bytes of each range, and
 * moves ranges between devices through host memory when one needs them.
 * The table's states (host-fresh, both, device-fresh) stay as they are:
 * "device" there means whichever device this file says holds the range.
 * Device 0's copy is the buffer everything else in nurt reads, so every
 * path that reads it asks nurt_multi_gather first, and every path that
 * writes it tells nurt_multi_own.  Callers hold nurt_lock. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "nurt_internal.h"

/* A range of the buffer, by offset, and the devices (bit d: device d) whose
 * copy of it is current.  The spans tile [0, bytes) in order. */
typedef struct {
  size_t lo, hi;
  unsigned mask;
} span;

typedef struct nurt_peers {
  cl_mem mem[NURT_MAX_DEVICES]; /* [0] unused: the buffer's own */
  span *s;
  size_t n, cap;
} nurt_peers;

nurt_multi_counts nurt_multi_stats[NURT_MAX_DEVICES];
unsigned long long nurt_multi_halo_bytes;
unsigned long nurt_multi_halo_copies;

static nurt_peers *peers_of(nurt_buf *b) {
  if (b->peers)
    return b->peers;
  nurt_peers *p = calloc(1, sizeof *p);
  if (!p || !(p->s = malloc(8 * sizeof *p->s)))
    nurt_fatal("out of host memory for an array's device map");
  p->cap = 8;
  p->n = 1;
  p->s[0] = (span){0, b->bytes, 1u};
  b->peers = p;
  return p;
}

/* The index of the span holding offset x, cut so that one starts at x. */
static size_t cut(nurt_peers *p, size_t x) {
  size_t i = 0;
  while (i < p->n && p->s[i].hi <= x)
    i++;
  if (i == p->n || p->s[i].lo == x)
    return i;
  if (p->n == p->cap) {
    span *s = realloc(p->s, 2 * p->cap * sizeof *s);
    if (!s)
      nurt_fatal("out of host memory for an array's device map");
    p->s = s;
    p->cap *= 2;
  }
  memmove(&p->s[i + 1], &p->s[i], (p->n - i) * sizeof *p->s);
  p->n++;
  p->s[i].hi = x;
  p->s[i + 1].lo = x;
  return i + 1;
}

static void join(nurt_peers *p) {
  size_t j = 0;
  for (size_t i = 1; i < p->n; i++)
    if (p->s[i].mask == p->s[j].mask)
      p->s[j].hi = p->s[i].hi;
    else
      p->s[++j] = p->s[i];
  p->n = p->n ? j + 1 : 0;
}

cl_mem nurt_multi_mem(nurt_buf *b, int dev, const nurt_where *w) {
  if (dev == 0)
    return b->mem;
  nurt_peers *p = peers_of(b);
  if (!p->mem[dev]) {
    cl_int err;
    p->mem[dev] = clCreateBuffer(nurt_g.context, CL_MEM_READ_WRITE, b->bytes, NULL, &err);
    nurt_check(err, "clCreateBuffer (copy on another device)", w);
  }
  return p->mem[dev];
}

/* Copies between devices in flight: the host memory they pass through,
 * given back once the write to the target device has ended.  Halos go
 * through a few slots of pinned memory (CL_MEM_ALLOC_HOST_PTR, mapped
 * once), where NVIDIA's copies run without the host, as copies from
 * pageable memory do not; larger ranges (an array's first move) through
 * malloc'ed memory. */
enum { SLOTS = 8, SLOT_BYTES = 4 << 20 };
static struct {
  cl_mem mem;
  void *host;
  int busy;
} slots[SLOTS];
static int slots_tried;

typedef struct {
  void *mem; /* malloc'ed, or NULL */
  int slot;  /* or the pinned slot, -1 */
  cl_event done;
} in_flight;
static in_flight *flights;
static size_t nflights, capflights;

/* Frees the host memory of the copies that have ended (all: waits for every
 * one). */
static void reap(int all) {
  size_t j = 0;
  for (size_t i = 0; i < nflights; i++) {
    cl_int st = CL_COMPLETE;
    if (all)
      clWaitForEvents(1, &flights[i].done);
    else
      clGetEventInfo(flights[i].done, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL);
    if (st == CL_COMPLETE || st < 0) {
      clReleaseEvent(flights[i].done);
      free(flights[i].mem);
      if (flights[i].slot >= 0)
        slots[flights[i].slot].busy = 0;
    } else {
      flights[j++] = flights[i];
    }
  }
  nflights = j;
}

/* A pinned slot for a copy of n bytes, or -1. */
static int take_slot(size_t n) {
  if (n > SLOT_BYTES)
    return -1;
  if (!slots_tried) {
    slots_tried = 1;
    for (int i = 0; i < SLOTS; i++) {
      cl_int err;
      slots[i].mem = clCreateBuffer(nurt_g.context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR,
                                    SLOT_BYTES, NULL, &err);
      if (err != CL_SUCCESS) {
        slots[i].mem = NULL;
        break;
      }
      slots[i].host =
          clEnqueueMapBuffer(nurt_g.queue, slots[i].mem, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0,
                             SLOT_BYTES, 0, NULL, NULL, &err);
      if (err != CL_SUCCESS || !slots[i].host) {
        clReleaseMemObject(slots[i].mem);
        slots[i].mem = NULL;
        slots[i].host = NULL;
        break;
      }
    }
  }
  for (int pass = 0; pass < 2; pass++) {
    for (int i = 0; i < SLOTS; i++)
      if (slots[i].host && !slots[i].busy) {
        slots[i].busy = 1;
        return i;
      }
    reap(0);
  }
  return -1;
}

void nurt_multi_release(void) {
  reap(1);
  free(flights);
  flights = NULL;
  capflights = 0;
  for (int i = 0; i < SLOTS; i++)
    if (slots[i].mem) {
      clEnqueueUnmapMemObject(nurt_g.queue, slots[i].mem, slots[i].host, 0, NULL, NULL);
      clFinish(nurt_g.queue);
      clReleaseMemObject(slots[i].mem);
      slots[i].mem = NULL;
      slots[i].host = NULL;
    }
  slots_tried = 0;
}

/* [lo, hi) of device `from`'s copy into device `to`'s, through host memory
 * (PoCL offers no peer copies; the staged copy is correct anywhere).  The
 * read blocks the host: NVIDIA's driver (580, two H200s) let a write that
 * waits on another queue's read take the host bytes before the read had
 * filled them, from pinned slots now and then and from malloc'ed memory
 * always, and Jacobi-2D on two devices diverged (checksum 2e37 for 3.3e7).
 * The write then goes on the target's queue, before the kernel that reads
 * the range, and holds the slot until it ends.  A copy from buffer to
 * buffer through the driver was correct but 25 times slower. */
static void move(nurt_buf *b, int from, int to, size_t lo, size_t hi, const nurt_where *w) {
  size_t n = hi - lo;
  int slot = take_slot(n);
  void *mem = slot >= 0 ? NULL : malloc(n), *via = slot >= 0 ? slots[slot].host : mem;
  if (!via)
    nurt_fatal("out of host memory for a copy of %zu bytes between devices", n);
  cl_mem src = nurt_multi_mem(b, from, w), dst = nurt_multi_mem(b, to, w);
  cl_event done;
  nurt_check(clEnqueueReadBuffer(nurt_g.queues[from], src, CL_TRUE, lo, n, via, 0, NULL, NULL),
             "clEnqueueReadBuffer (between devices)", w);
  nurt_check(clEnqueueWriteBuffer(nurt_g.queues[to], dst, CL_FALSE, lo, n, via, 0, NULL, &done),
             "clEnqueueWriteBuffer (between devices)", w);
  if (nflights == capflights) {
    reap(0);
    if (nflights == capflights) {
      size_t cap = capflights ? 2 * capflights : 16;
      in_flight *f = realloc(flights, cap * sizeof *f);
      if (!f)
        nurt_fatal("out of host memory");
      flights = f;
      capflights = cap;
    }
  }
  flights[nflights++] = (in_flight){mem, slot, done};
  nurt_multi_stats[from].bytes_out += n;
  nurt_multi_stats[to].bytes_in += n;
  nurt_multi_halo_bytes += n;
  nurt_multi_halo_copies++;
}

/* The spans of b over [lo, *hi) (hi clipped to the buffer), cut at both
 * ends, from index *first; NULL where device dev's view needs no map
 * (nothing to do: an empty range, or device 0 of a buffer never split). */
static nurt_peers *spans(nurt_buf *b, int dev, size_t lo, size_t *hi, size_t *first) {
  if (lo >= *hi || (!b->peers && dev == 0))
    return NULL;
  nurt_peers *p = peers_of(b);
  *hi = *hi < b->bytes ? *hi : b->bytes;
  *first = cut(p, lo);
  cut(p, *hi);
  return p;
}

void nurt_multi_need(nurt_buf *b, int dev, size_t lo, size_t hi, const nurt_where *w) {
  NURT_LOCKED();
  size_t i;
  nurt_peers *p = spans(b, dev, lo, &hi, &i);
  if (!p)
    return;
  for (; i < p->n && p->s[i].lo < hi; i++) {
    span *s = &p->s[i];
    if (s->mask & (1u << dev))
      continue;
    int from = s->mask & 1u ? 0 : __builtin_ctz(s->mask);
    move(b, from, dev, s->lo, s->hi, w);
    s->mask |= 1u << dev;
  }
  join(p);
}

void nurt_multi_own(nurt_buf *b, int dev, size_t lo, size_t hi) {
  NURT_LOCKED();
  size_t i;
  nurt_peers *p = spans(b, dev, lo, &hi, &i);
  if (!p)
    return;
  for (; i < p->n && p->s[i].lo < hi; i++)
    p->s[i].mask = 1u << dev;
  join(p);
}

void nurt_multi_forget(nurt_buf *b) {
  nurt_peers *p = b->peers;
  if (!p)
    return;
  for (int d = 1; d < NURT_MAX_DEVICES; d++)
    if (p->mem[d])
      clReleaseMemObject(p->mem[d]);
  free(p->s);
  free(p);
  b->peers = NULL;
}
