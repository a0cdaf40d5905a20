/* multi.c — an array's copies on the devices of NU_DEVICES beyond the first
 * (issue 30).  Receives from the mover (copies.c, arrays.c) and from split
 * launches (split.c) what each device read and wrote; keeps, per array
 * buffer, which devices hold the current device bytes of each range, and
 * moves ranges between devices through host memory when one needs them
 * (halos it has moved before, as soon as their writer has written them:
 * early reads, below).
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
  int writer; /* the split kernel that wrote it last (split.c's id), 0: another */
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
  p->s[0] = (span){0, b->bytes, 1u, 0};
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
    if (p->s[i].mask == p->s[j].mask && p->s[i].writer == p->s[j].writer)
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
static int slots_made;
static unsigned next_wait;

static void make_slots(void) {
  slots_made = 1;
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
  }
}

/* A copy between devices: bytes [lo, hi) of b from device `from`'s copy to
 * device `to`'s. */
typedef struct {
  nurt_buf *b;
  int from, to;
  size_t lo, hi;
} copy_of;

static int same_copy(const copy_of *x, const copy_of *y) {
  return x->b == y->b && x->from == y->from && x->to == y->to && x->lo == y->lo && x->hi == y->hi;
}

/* Copies between devices whose read into `slot` has been enqueued and whose
 * write has not (nurt_multi_fetch, nurt_multi_arrive). */
typedef struct {
  copy_of c;
  int slot;
  cl_event read;
  const nurt_where *w;
  int part; /* the split launch's part that fetched it first; -1: none */
} pending;
static pending *pend;
static size_t npend, cappend;

/* Whether the command of event e has ended (or failed: the next wait on
 * its queue reports it). */
static int ended(cl_event e) {
  cl_int st = CL_QUEUED;
  clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL);
  return st == CL_COMPLETE || st < 0;
}

/* The write of pending copy i, its read waited for; the copy leaves the
 * list.  The host waits for the read before it enqueues the write: NVIDIA's
 * driver (580, two H200s) let a write that waited on another queue's read
 * by its event list take the host bytes before the read had filled them
 * (Jacobi-2D on two devices diverged, checksum 2e37 for 3.3e7). */
static void finish_move(size_t i, cl_event aside) {
  pending m = pend[i];
  memmove(&pend[i], &pend[i + 1], (npend - i - 1) * sizeof *pend);
  npend--;
  nurt_check(clWaitForEvents(1, &m.read), "clWaitForEvents (between devices)", m.w);
  clReleaseEvent(m.read);
  cl_command_queue q = aside ? nurt_g.early[m.c.to] : nurt_g.queues[m.c.to];
  nurt_check(clEnqueueWriteBuffer(q, nurt_multi_mem(m.c.b, m.c.to, m.w), CL_FALSE, m.c.lo,
                                  m.c.hi - m.c.lo, slots[m.slot].host, aside ? 1 : 0,
                                  aside ? &aside : NULL, &slots[m.slot].done),
             "clEnqueueWriteBuffer (between devices)", m.w);
  slots[m.slot].pending = 0;
}

static size_t nearlies; /* early reads (below) */
static void drop_early(size_t i);
static void drop_earlies(const nurt_buf *b, size_t lo, size_t hi, int all);

/* A free slot: one whose write has ended, else the oldest pending copy
 * written now (or the oldest early read dropped), else the next slot's
 * write waited for. */
static int take_slot(void) {
  if (!slots_made)
    make_slots();
  for (int i = 0; i < SLOTS; i++) {
    if (slots[i].pending)
      continue;
    if (slots[i].done) {
      if (!ended(slots[i].done))
        continue;
      clReleaseEvent(slots[i].done);
      slots[i].done = NULL;
    }
    return i;
  }
  if (npend)
    finish_move(0, NULL);
  else if (nearlies)
    drop_early(0);
  int i = (int)(next_wait++ % SLOTS);
  while (slots[i].pending)
    i = (i + 1) % SLOTS;
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
  if (npend == cappend)
    pend = nurt_grow(pend, &cappend, sizeof *pend);
  pending *m = &pend[npend++];
  *m = (pending){{b, from, to, lo, hi}, slot, NULL, w, nurt_multi_part};
  slots[slot].pending = 1;
  nurt_check(clEnqueueReadBuffer(nurt_g.queues[from], src, now ? CL_TRUE : CL_FALSE, lo, hi - lo,
                                 slots[slot].host, 0, NULL, &m->read),
             "clEnqueueReadBuffer (between devices)", w);
}

/* The pending copies into device dev (of buffer b's [lo, hi) only, when b
 * is given) are written now: a copy read from dev must follow them. */
static void arrive(int dev, const nurt_buf *b, size_t lo, size_t hi) {
  for (size_t i = 0; i < npend;)
    if (pend[i].c.to == dev && (!b || (pend[i].c.b == b && pend[i].c.lo < hi && lo < pend[i].c.hi)))
      finish_move(i, NULL);
    else
      i++;
}

int nurt_multi_part = -1;

int nurt_multi_ready(int dev, int part) {
  NURT_LOCKED();
  for (size_t i = 0; i < npend; i++)
    if (pend[i].c.to == dev && pend[i].part <= part && !ended(pend[i].read))
      return 0;
  return 1;
}

int nurt_multi_waits(int dev, int part) {
  NURT_LOCKED();
  for (size_t i = 0; i < npend; i++)
    if (pend[i].c.to == dev && pend[i].part > part)
      return 1;
  return 0;
}

cl_event nurt_multi_arrive(int dev, int part, cl_event aside) {
  NURT_LOCKED();
  cl_event last = NULL;
  for (size_t i = 0; i < npend;)
    if (pend[i].c.to == dev && pend[i].part <= part) {
      int slot = pend[i].slot;
      finish_move(i, aside);
      last = aside ? slots[slot].done : NULL;
    } else {
      i++;
    }
  if (!last)
    return NULL;
  clRetainEvent(last);
  clFlush(nurt_g.early[dev]);
  return last;
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
    finish_move(npend - 1, NULL);
  }
}

/* Early reads.  A stencil's halo is written by one step's last kernel and
 * read by the next step's first: the copy's read must wait for the writer,
 * and its write and the reader's part then wait for the host, while the
 * devices idle.  So the rows another device fetched (`wants`, by buffer,
 * source, target and range) are read again, into a slot, as soon as a
 * later part writes them (nurt_multi_push: split.c runs a part's edge rows
 * as a part of their own, first), and the next fetch of the same range to
 * the same device takes the bytes already read (`earlies`).  An early read
 * is dropped when its rows are written again before it is taken (own(),
 * outside the launch that made it), and with its buffer.  `wants` is a
 * hint: it keeps the ranges fetched in the last few split launches, and
 * an entry not fetched again for WANT_AGE launches is forgotten. */
typedef struct {
  copy_of c;
  unsigned long seen; /* the split launch that last fetched it */
} wanted;
typedef struct {
  pending p;          /* its `w` unused until a fetch takes it */
  unsigned long made; /* the split launch that read it */
} early;
enum { WANT_AGE = 4 };
static wanted *wants;
static size_t nwants, capwants;
static early *earlies;
static size_t capearlies;
static unsigned long launch_no, launch_on; /* launch_on: 0 outside a split launch */
int nurt_multi_writer;
static unsigned char *fed; /* fed[id]: another device fetched rows kernel id wrote */
static size_t capfed;

static void mark_fed(int id) {
  size_t had = capfed;
  while ((size_t)id >= capfed)
    fed = nurt_grow(fed, &capfed, 1);
  memset(fed + had, 0, capfed - had);
  fed[id] = 1;
}

int nurt_multi_fed(int id) { return id > 0 && (size_t)id < capfed && fed[id]; }
unsigned long nurt_multi_early_taken;

void nurt_multi_launch(int on) { launch_on = on ? ++launch_no : 0; }

static void drop_early(size_t i) {
  early e = earlies[i];
  earlies[i] = earlies[--nearlies];
  slots[e.p.slot].pending = 0;
  slots[e.p.slot].done = e.p.read; /* free once the read has ended */
}

/* The early reads of b's [lo, hi) are stale (all = 1: every one of b). */
static void drop_earlies(const nurt_buf *b, size_t lo, size_t hi, int all) {
  for (size_t i = 0; i < nearlies;)
    if ((!b || earlies[i].p.c.b == b) &&
        (all || (earlies[i].p.c.lo < hi && lo < earlies[i].p.c.hi &&
                 (!launch_on || earlies[i].made != launch_on))))
      drop_early(i);
    else
      i++;
}

/* A fetch of copy c is remembered; an early read of it, if one was made,
 * becomes the copy's pending read. */
static int take_early(copy_of c, const nurt_where *w) {
  size_t i = 0;
  while (i < nwants && !same_copy(&wants[i].c, &c))
    i++;
  if (i == nwants) {
    size_t j = 0; /* the old ones go first */
    for (size_t k = 0; k < nwants; k++)
      if (launch_no - wants[k].seen <= WANT_AGE)
        wants[j++] = wants[k];
    nwants = j;
    if (nwants == capwants)
      wants = nurt_grow(wants, &capwants, sizeof *wants);
    i = nwants++;
    wants[i].c = c;
  }
  wants[i].seen = launch_no;
  for (size_t k = 0; k < nearlies; k++)
    if (same_copy(&earlies[k].p.c, &c)) {
      if (npend == cappend)
        pend = nurt_grow(pend, &cappend, sizeof *pend);
      pend[npend] = earlies[k].p;
      pend[npend].part = nurt_multi_part;
      pend[npend++].w = w;
      earlies[k] = earlies[--nearlies];
      nurt_multi_early_taken++;
      return 1;
    }
  return 0;
}

void nurt_multi_push(nurt_buf *b, int dev, size_t lo, size_t hi, cl_event after,
                     const nurt_where *w) {
  NURT_LOCKED();
  for (size_t i = 0; i < nwants; i++) {
    copy_of x = wants[i].c;
    if (x.b != b || x.from != dev || x.lo < lo || x.hi > hi || launch_no - wants[i].seen > WANT_AGE)
      continue;
    size_t k = 0;
    while (k < nearlies && !same_copy(&earlies[k].p.c, &x))
      k++;
    if (k < nearlies)
      continue;
    int slot = take_slot();
    if (nearlies == capearlies)
      earlies = nurt_grow(earlies, &capearlies, sizeof *earlies);
    early *e = &earlies[nearlies++];
    *e = (early){{x, slot, NULL, NULL, -1}, launch_on};
    slots[slot].pending = 1;
    nurt_check(clEnqueueReadBuffer(nurt_g.early[dev], nurt_multi_mem(b, dev, w), CL_FALSE, x.lo,
                                   x.hi - x.lo, slots[slot].host, 1, &after, &e->p.read),
               "clEnqueueReadBuffer (between devices, early)", w);
    clFlush(nurt_g.early[dev]);
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
static int need(nurt_buf *b, int dev, size_t lo, size_t hi, int later, const nurt_where *w) {
  size_t i;
  int moved = 0;
  nurt_peers *p = spans(b, dev, lo, &hi, &i);
  if (!p)
    return 0;
  for (; i < p->n && p->s[i].lo < hi; i++) {
    span *s = &p->s[i];
    if (s->mask & (1u << dev))
      continue;
    int from = s->mask & 1u ? 0 : __builtin_ctz(s->mask);
    if (s->writer)
      mark_fed(s->writer);
    if (later && s->hi - s->lo <= SLOT_BYTES) {
      arrive(from, b, s->lo, s->hi); /* a copy on its way to `from` lands first */
      count_move(from, dev, s->hi - s->lo);
      if (!take_early((copy_of){b, from, dev, s->lo, s->hi}, w))
        start_move(b, from, dev, s->lo, s->hi, 0, w);
    } else {
      move(b, from, dev, s->lo, s->hi, w);
    }
    s->mask |= 1u << dev;
    moved = 1;
  }
  join(p);
  return moved;
}

void nurt_multi_need(nurt_buf *b, int dev, size_t lo, size_t hi, const nurt_where *w) {
  NURT_LOCKED();
  need(b, dev, lo, hi, 0, w);
}

int nurt_multi_fetch(nurt_buf *b, int dev, size_t lo, size_t hi, const nurt_where *w) {
  NURT_LOCKED();
  return need(b, dev, lo, hi, 1, w);
}

void nurt_multi_own(nurt_buf *b, int dev, size_t lo, size_t hi) {
  NURT_LOCKED();
  size_t i;
  nurt_peers *p = spans(b, dev, lo, &hi, &i);
  if (!p)
    return;
  for (; i < p->n && p->s[i].lo < hi; i++) {
    p->s[i].mask = 1u << dev;
    p->s[i].writer = nurt_multi_writer;
  }
  join(p);
  drop_earlies(b, lo, hi, 0);
}

void nurt_multi_forget(nurt_buf *b) {
  nurt_peers *p = b->peers;
  if (!p)
    return;
  drop_earlies(b, 0, 0, 1);
  size_t j = 0;
  for (size_t i = 0; i < nwants; i++)
    if (wants[i].c.b != b)
      wants[j++] = wants[i];
  nwants = j;
  for (int d = 1; d < NURT_MAX_DEVICES; d++)
    if (p->mem[d])
      clReleaseMemObject(p->mem[d]);
  free(p->s);
  free(p);
  b->peers = NULL;
}

void nurt_multi_release(void) {
  drop_earlies(NULL, 0, 0, 1);
  while (npend)
    finish_move(0, NULL);
  free(pend);
  pend = NULL;
  cappend = 0;
  free(earlies);
  earlies = NULL;
  capearlies = 0;
  free(wants);
  wants = NULL;
  nwants = capwants = 0;
  free(fed);
  fed = NULL;
  capfed = 0;
  for (int i = 0; i < SLOTS; i++) {
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
  slots_made = 0;
}
