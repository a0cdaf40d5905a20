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

/* Copies between devices go through host memory, in pieces of at most
 * SLOT_BYTES, each through one of SLOTS slots of pinned memory
 * (CL_MEM_ALLOC_HOST_PTR, mapped once), where NVIDIA's copies run at the
 * link's rate without the host, as copies from pageable memory do not; the
 * reads of a large range's pieces overlap the writes of the pieces before.
 * (The first version sent an array's first move through malloc'ed memory:
 * 6.6 GB/s, and freeing it later, in some step's first halo copy, stopped
 * the host for 8 to 47 ms on two H200s.)  Slots are malloc'ed memory where
 * the device gives no pinned memory.  A slot is free, holds the bytes of a
 * pending copy (read enqueued, write to come), or is read by a write until
 * its event `done` completes. */
enum { SLOTS = 8, SLOT_BYTES = 4 << 20 };
static struct {
  cl_mem mem; /* NULL: host is malloc'ed */
  void *host;
  int pending;
  cl_event done;
} slots[SLOTS];
static int nslots = -1; /* -1: not made yet */
static unsigned next_wait;

static void make_slots(void) {
  nslots = 0;
  for (int i = 0; i < SLOTS; i++) {
    cl_int err;
    slots[i].mem = clCreateBuffer(nurt_g.context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR,
                                  SLOT_BYTES, NULL, &err);
    if (err == CL_SUCCESS)
      slots[i].host =
          clEnqueueMapBuffer(nurt_g.queue, slots[i].mem, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0,
                             SLOT_BYTES, 0, NULL, NULL, &err);
    if (err != CL_SUCCESS || !slots[i].host) {
      if (slots[i].mem)
        clReleaseMemObject(slots[i].mem);
      slots[i].mem = NULL;
      if (!(slots[i].host = malloc(SLOT_BYTES)))
        nurt_fatal("out of host memory for copies between devices");
    }
    nslots++;
  }
}

/* Copies between devices whose read has been enqueued and whose write has
 * not (nurt_multi_fetch, nurt_multi_arrive). */
typedef struct {
  nurt_buf *b;
  int from, to;
  size_t lo, hi;
  int slot;
  cl_event read;
  const nurt_where *w;
} pending;
static pending *pend;
static size_t npend, cappend;

/* The write of pending copy i, its read waited for; the copy leaves the
 * list.  The host waits for the read before it enqueues the write: NVIDIA's
 * driver (580, two H200s) let a write that waited on another queue's read
 * by its event list take the host bytes before the read had filled them
 * (Jacobi-2D on two devices diverged, checksum 2e37 for 3.3e7). */
static void finish_move(size_t i) {
  pending m = pend[i];
  memmove(&pend[i], &pend[i + 1], (npend - i - 1) * sizeof *pend);
  npend--;
  nurt_check(clWaitForEvents(1, &m.read), "clWaitForEvents (between devices)", m.w);
  clReleaseEvent(m.read);
  nurt_check(clEnqueueWriteBuffer(nurt_g.queues[m.to], nurt_multi_mem(m.b, m.to, m.w), CL_FALSE,
                                  m.lo, m.hi - m.lo, slots[m.slot].host, 0, NULL,
                                  &slots[m.slot].done),
             "clEnqueueWriteBuffer (between devices)", m.w);
  slots[m.slot].pending = 0;
}

/* A free slot: one whose write has ended, else the oldest pending copy
 * written now, else the next slot's write waited for. */
static int take_slot(void) {
  if (nslots < 0)
    make_slots();
  for (int i = 0; i < nslots; i++) {
    if (slots[i].pending)
      continue;
    if (slots[i].done) {
      cl_int st = CL_QUEUED;
      clGetEventInfo(slots[i].done, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL);
      if (st != CL_COMPLETE && st >= 0)
        continue;
      clReleaseEvent(slots[i].done);
      slots[i].done = NULL;
    }
    return i;
  }
  if (npend)
    finish_move(0);
  int i = (int)(next_wait++ % (unsigned)nslots);
  while (slots[i].pending)
    i = (i + 1) % nslots;
  clWaitForEvents(1, &slots[i].done); /* a failure shows at the next wait on the queue */
  clReleaseEvent(slots[i].done);
  slots[i].done = NULL;
  return i;
}

/* Starts the read of [lo, hi) (at most SLOT_BYTES) of device `from`'s copy
 * into a slot; the write to device `to` follows in finish_move. */
static void start_move(nurt_buf *b, int from, int to, size_t lo, size_t hi, int now,
                       const nurt_where *w) {
  int slot = take_slot();
  cl_mem src = nurt_multi_mem(b, from, w);
  nurt_multi_mem(b, to, w);
  if (npend == cappend) {
    size_t cap = cappend ? 2 * cappend : 8;
    pending *q = realloc(pend, cap * sizeof *q);
    if (!q)
      nurt_fatal("out of host memory");
    pend = q;
    cappend = cap;
  }
  pending *m = &pend[npend++];
  *m = (pending){b, from, to, lo, hi, slot, NULL, w};
  slots[slot].pending = 1;
  nurt_check(clEnqueueReadBuffer(nurt_g.queues[from], src, now ? CL_TRUE : CL_FALSE, lo, hi - lo,
                                 slots[slot].host, 0, NULL, &m->read),
             "clEnqueueReadBuffer (between devices)", w);
}

/* The pending copies into device dev (of buffer b's [lo, hi) only, when b
 * is given) are written now: a copy read from dev must follow them. */
static void arrive(int dev, const nurt_buf *b, size_t lo, size_t hi) {
  for (size_t i = 0; i < npend;)
    if (pend[i].to == dev && (!b || (pend[i].b == b && pend[i].lo < hi && lo < pend[i].hi)))
      finish_move(i);
    else
      i++;
}

int nurt_multi_ready(int dev) {
  NURT_LOCKED();
  for (size_t i = 0; i < npend; i++)
    if (pend[i].to == dev) {
      cl_int st = CL_QUEUED;
      clGetEventInfo(pend[i].read, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL);
      if (st != CL_COMPLETE && st >= 0)
        return 0;
    }
  return 1;
}

void nurt_multi_arrive(int dev) {
  NURT_LOCKED();
  arrive(dev, NULL, 0, 0);
}

void nurt_multi_release(void) {
  while (npend)
    finish_move(0);
  free(pend);
  pend = NULL;
  cappend = 0;
  for (int i = 0; i < nslots; i++) {
    if (slots[i].done) {
      clWaitForEvents(1, &slots[i].done);
      clReleaseEvent(slots[i].done);
    }
    if (slots[i].mem) {
      clEnqueueUnmapMemObject(nurt_g.queue, slots[i].mem, slots[i].host, 0, NULL, NULL);
      clFinish(nurt_g.queue);
      clReleaseMemObject(slots[i].mem);
    } else {
      free(slots[i].host);
    }
    slots[i] = (__typeof__(slots[i])){0};
  }
  nslots = -1;
}

static void count_move(int from, int to, size_t n) {
  nurt_multi_stats[from].bytes_out += n;
  nurt_multi_stats[to].bytes_in += n;
  nurt_multi_halo_bytes += n;
  nurt_multi_halo_copies++;
}

/* One copy at once, piece by piece (each piece's read blocks). */
static void move(nurt_buf *b, int from, int to, size_t lo, size_t hi, const nurt_where *w) {
  arrive(from, b, lo, hi);
  count_move(from, to, hi - lo);
  for (size_t at = lo; at < hi; at += SLOT_BYTES) {
    start_move(b, from, to, at, hi - at < SLOT_BYTES ? hi : at + SLOT_BYTES, 1, w);
    finish_move(npend - 1);
  }
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

/* Device dev's copy of [lo, hi) made current: at once, or (`later`) with
 * the reads started and the writes left to nurt_multi_arrive. */
static void need(nurt_buf *b, int dev, size_t lo, size_t hi, int later, const nurt_where *w) {
  size_t i;
  nurt_peers *p = spans(b, dev, lo, &hi, &i);
  if (!p)
    return;
  for (; i < p->n && p->s[i].lo < hi; i++) {
    span *s = &p->s[i];
    if (s->mask & (1u << dev))
      continue;
    int from = s->mask & 1u ? 0 : __builtin_ctz(s->mask);
    if (later && s->hi - s->lo <= SLOT_BYTES) {
      arrive(from, b, s->lo, s->hi); /* a copy on its way to `from` lands first */
      count_move(from, dev, s->hi - s->lo);
      start_move(b, from, dev, s->lo, s->hi, 0, w);
    } else {
      move(b, from, dev, s->lo, s->hi, w);
    }
    s->mask |= 1u << dev;
  }
  join(p);
}

void nurt_multi_need(nurt_buf *b, int dev, size_t lo, size_t hi, const nurt_where *w) {
  NURT_LOCKED();
  need(b, dev, lo, hi, 0, w);
}

void nurt_multi_fetch(nurt_buf *b, int dev, size_t lo, size_t hi, const nurt_where *w) {
  NURT_LOCKED();
  need(b, dev, lo, hi, 1, w);
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
