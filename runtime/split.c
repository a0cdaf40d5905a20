/* split.c — one launch over the devices of NU_DEVICES (issue 30).
 * Receives from the stub the launch's parts (nurt_split_plan: the
 * outermost NDRange dimension cut into ranges of iterations, one per
 * device, sized by the devices' measured speeds, and the edge rows next to
 * each cut as parts of their own: first where another device fetches them,
 * last where they read what another device wrote) and,
 * per part, the rows of each array it touches and writes; brings each
 * device the rows its part reads that another device holds (multi.c),
 * enqueues each part on its device's queue with a global offset, starts
 * the early reads of the rows it wrote that another device fetched before,
 * and records which device now holds the rows each part wrote.  Launches it cannot split run
 * on device 0 (launch.c), with their reason kept for NU_PROFILE. */
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "nurt_internal.h"

/* What nurt measured of one kernel on each device. */
typedef struct nurt_ksplit {
  double speed[NURT_MAX_DEVICES]; /* work-items per second; 0: not measured yet */
  cl_event last[NURT_MAX_DEVICES];
  size_t items[NURT_MAX_DEVICES]; /* iterations of the part `last` ran */
  int warm[NURT_MAX_DEVICES];     /* its first part ended: the next are timed */
  int text_checked;
  const char *text_why;           /* what in its OpenCL text forbids a split, or NULL */
  double share[NURT_MAX_DEVICES]; /* of the last split, for the report */
  unsigned long splits;
  unsigned long edges_first, edges_last; /* splits with edge parts, for the report */
  int fetched;                           /* its last split brought rows from another device */
  unsigned long set;                     /* the shares its last split followed (cur_set then) */
  int id; /* from 1: the writer multi.c keeps of the rows its parts wrote */
} nurt_ksplit;

/* Each device's kernel events, timed at the report (and read as they end). */
typedef struct {
  cl_event *ev;
  size_t n, cap;
} evlist;
static evlist timed[NURT_MAX_DEVICES];

static void keep_event(int dev, cl_event ev) {
  evlist *t = &timed[dev];
  if (t->n == t->cap) {
    /* the ended ones are read now: a long run keeps a few */
    size_t j = 0;
    for (size_t i = 0; i < t->n; i++) {
      cl_int st = CL_QUEUED;
      clGetEventInfo(t->ev[i], CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL);
      if (st == CL_COMPLETE) {
        nurt_multi_stats[dev].seconds += nurt_prof_event_seconds(t->ev[i]);
        clReleaseEvent(t->ev[i]);
      } else {
        t->ev[j++] = t->ev[i];
      }
    }
    t->n = j;
    if (t->n == t->cap)
      t->ev = nurt_grow(t->ev, &t->cap, sizeof(cl_event)); /* cl_event is a pointer */
  }
  clRetainEvent(ev);
  t->ev[t->n++] = ev;
}

static nurt_ksplit *ksplit_of(nurt_kernel *k) {
  if (k->split)
    return k->split;
  if (!(k->split = calloc(1, sizeof *k->split)))
    nurt_fatal("out of host memory");
  static int ids;
  k->split->id = ++ids;
  return k->split;
}

/* The parts' edge rows as parts of their own, one work-group's height of
 * iterations per edge; parts too small for that stay whole.  Returns the
 * parts' count.  Ahead of the rest of each part (`last` = 0), the rows
 * next to a cut, which the neighbouring device fetches at its next launch,
 * are written (and read early, multi.c) while the rest of the part still
 * runs.  Behind it (`last` = 1), a part whose edge rows read what another
 * device wrote starts with the rows that read none: its halo's copy then
 * runs beside it (split_launch writes it on the second queue), where the
 * device would wait for it (Himeno's stencil reads the halo its copy back
 * wrote just before). */
static int edge_parts(nurt_launch *l, int np, size_t side, size_t gsize, int last) {
  nurt_part out[NURT_MAX_DEVICES] = {{0}};
  int m = 0;
  for (int j = 0; j < np; j++) {
    nurt_part q = l->parts[j];
    size_t lo = j > 0 ? side : 0, hi = j + 1 < np ? side : 0;
    if (q.end - q.first < lo + hi + side) {
      out[m++] = q;
      continue;
    }
    size_t span[3][2] = {{q.first, q.first + lo}, {q.end - hi, q.end}, {q.first + lo, q.end - hi}};
    for (int x = 0; x < 3; x++) {
      int e = last ? (x + 2) % 3 : x; /* the middle first, or last */
      size_t n = span[e][1] - span[e][0], items = (n + side - 1) / side * side;
      if (n)
        out[m++] = (nurt_part){.dev = q.dev,
                               .first = span[e][0],
                               .end = span[e][1],
                               .items = items < gsize ? items : gsize};
    }
  }
  memcpy(l->parts, out, (size_t)m * sizeof *out);
  return m;
}

/* What in the kernel's OpenCL text makes its parts differ from the whole:
 * work-group ids and sizes (a part's groups are numbered from 0) and the
 * NDRange's size.  nucc refuses most such kernels first; this is the proof
 * that none slipped through. */
static const char *text_why(const nurt_kernel *k) {
  char head[300];
  snprintf(head, sizeof head, "__kernel void %s(", k->name);
  const char *src = k->module->source, *at = strstr(src, head);
  if (!at)
    return "its OpenCL text was not found";
  const char *end = strstr(at + 1, "__kernel ");
  size_t n = end ? (size_t)(end - at) : strlen(at);
  /* get_global_size is the stride of a loop over the iterations, which
   * strides over its part's when the part's count is its bound */
  static const char *const banned[] = {"get_group_id", "get_local_id", "get_num_groups", "barrier",
                                       "get_global_offset"};
  for (size_t b = 0; b < sizeof banned / sizeof *banned; b++) {
    size_t m = strlen(banned[b]);
    for (const char *p = at; p + m <= at + n; p++)
      if (!memcmp(p, banned[b], m))
        return "it uses work-group ids or sizes";
  }
  return NULL;
}

/* The devices' relative speeds and the shares every split follows.  One
 * set for all kernels: kernels over the same rows (Jacobi's two sweeps,
 * Himeno's stencil and its copy back) must cut them at the same rows, or
 * the rows between their cuts change device at every launch.  With shares
 * of each kernel's own (two H200s, Jacobi-2D 2048²: 39/61 and 62/38 from
 * the noise of 10 µs kernels) 1.4 GiB moved in 200 steps. */
static double rel[NURT_MAX_DEVICES]; /* speed over the devices' mean; 0: none yet */
static double cur[NURT_MAX_DEVICES];
static int have_cur;
static unsigned long cur_set; /* how many times the shares were set: the report's "shares set" */

/* Work-items per second of each device from the parts that ended; the
 * kernel's relative speeds join the devices' once every device has one. */
static void measure(nurt_ksplit *s) {
  int fresh = 0;
  for (int d = 0; d < nurt_g.ndevices; d++) {
    if (!s->last[d])
      continue;
    cl_int st = CL_QUEUED;
    clGetEventInfo(s->last[d], CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL);
    if (st != CL_COMPLETE)
      continue;
    double t = nurt_prof_event_seconds(s->last[d]);
    clReleaseEvent(s->last[d]);
    s->last[d] = NULL;
    if (!s->warm[d]) { /* the first run builds and touches */
      s->warm[d] = 1;
      continue;
    }
    if (t <= 0 || !s->items[d])
      continue;
    double v = (double)s->items[d] / t;
    s->speed[d] = s->speed[d] > 0 ? 0.5 * s->speed[d] + 0.5 * v : v;
    fresh = 1;
  }
  double mean = 0;
  for (int d = 0; d < nurt_g.ndevices; d++) {
    if (!(s->speed[d] > 0))
      return;
    mean += s->speed[d] / nurt_g.ndevices;
  }
  if (!fresh)
    return;
  for (int d = 0; d < nurt_g.ndevices; d++)
    rel[d] = rel[d] > 0 ? 0.75 * rel[d] + 0.25 * s->speed[d] / mean : s->speed[d] / mean;
}

static int refuse(nurt_kernel *k, const char *why) {
  k->one_device = why;
  return 0;
}

int nurt_split_plan(nurt_launch *l, unsigned dims, const size_t *global, const size_t *local,
                    int narg, long long n, const char *why) {
  l->nparts = 0;
  if (nurt_g.ndevices < 2)
    return 0;
  nurt_kernel *k = l->k;
  if (why)
    return refuse(k, why);
  static int verify = -1;
  if (verify < 0) {
    const char *v = getenv("NU_VERIFY");
    verify = v && strcmp(v, "0") != 0;
  }
  if (verify)
    return refuse(k, "NU_VERIFY checks launches on one device");
  nurt_ksplit *s = ksplit_of(k);
  if (!s->text_checked) {
    s->text_checked = 1;
    s->text_why = text_why(k);
  }
  /* a reduction's groups count per part: each device has its tree */
  if (s->text_why && !l->nreds)
    return refuse(k, s->text_why);
  if (dims < 1 || dims > 3 || !local)
    return refuse(k, "no work-group sizes");
  unsigned outer = dims - 1;
  size_t side = local[outer], groups = side ? global[outer] / side : 0;
  if (groups < 2 || n < 2 || narg < 0)
    return refuse(k, "one work-group along its outermost loop");
  measure(s);
  double w[NURT_MAX_DEVICES], sum = 0;
  int known = 1;
  for (int d = 0; d < nurt_g.ndevices; d++)
    known &= rel[d] > 0;
  for (int d = 0; d < nurt_g.ndevices; d++)
    sum += w[d] = known ? rel[d] : 1.0;
  /* a device that measured slow once keeps a quarter of its even share, so
   * that it is measured again (PoCL's devices share the CPU's cores) */
  double floor_w = sum / (4.0 * nurt_g.ndevices), again = 0;
  for (int d = 0; d < nurt_g.ndevices; d++)
    again += w[d] = w[d] < floor_w ? floor_w : w[d];
  sum = again;
  /* rows that change device move their data: the shares change only when
   * the speeds move a device's share by a tenth */
  int moved = !have_cur;
  for (int d = 0; d < nurt_g.ndevices; d++) {
    double x = w[d] / sum - cur[d];
    moved |= x > 0.1 || x < -0.1;
  }
  if (moved) {
    for (int d = 0; d < nurt_g.ndevices; d++)
      cur[d] = w[d] / sum;
    have_cur = 1;
    cur_set++;
  }
  /* Parts cut the iterations by the shares alone, whatever the work-group
   * size, so that kernels over the same rows (Jacobi's two sweeps, Himeno's
   * strided reduction and its copy back) cut them at the same rows and no
   * row changes device between them.  The offset need not be a multiple of
   * the group size: nothing in a split kernel names its group.  A part gets
   * the work-items its iterations need, at most the launch's (a kernel that
   * strides over its iterations strides over its part's). */
  int np = 0;
  double cum = 0;
  size_t total = (size_t)n, gsize = global[outer];
  for (int d = 0; d < nurt_g.ndevices; d++) {
    size_t a = (size_t)((double)total * cum + 0.5);
    cum += cur[d];
    size_t b = d == nurt_g.ndevices - 1 ? total : (size_t)((double)total * cum + 0.5);
    b = b > total ? total : b;
    if (b <= a)
      continue;
    size_t items = (b - a + side - 1) / side * side;
    l->parts[np++] =
        (nurt_part){.dev = d, .first = a, .end = b, .items = items < gsize ? items : gsize};
  }
  if (np < 2)
    return refuse(k, "one device got every iteration");
  if (l->nreds && l->parts[0].dev != 0)
    return refuse(k, "device 0, which holds the reduction's result, got no iterations");
  /* Edges cost each device two more launches, which only a part of 100 µs
   * or more repays (two H200s, Jacobi-2D 2048², parts of 5 µs: 26 ms
   * became 33-40 for 200 steps).  A reduction's later parts on a device
   * add to its first's value (part_args). */
  int long_parts = 1;
  for (int p = 0; p < np; p++) {
    double v = s->speed[l->parts[p].dev];
    long_parts &= v > 0 && (double)(l->parts[p].end - l->parts[p].first) / v >= 100e-6;
  }
  int fed = nurt_multi_fed(s->id);
  if ((fed || s->fetched) && long_parts && 3 * np <= NURT_MAX_DEVICES) {
    np = edge_parts(l, np, side, gsize, !fed);
    if (fed)
      s->edges_first++;
    else
      s->edges_last++;
  }
  size_t need = (size_t)np * l->nbufs;
  if (need > l->capregions) {
    nurt_region *r = realloc(l->regions, need * sizeof *r);
    if (!r)
      nurt_fatal("out of host memory");
    l->regions = r;
    l->capregions = need;
  }
  for (size_t i = 0; i < need; i++)
    l->regions[i] = (nurt_region){0, 0, (size_t)-1, 0}; /* unset: the whole argument */
  l->narg = narg;
  l->nparts = np;
  return np;
}

void nurt_split_range(nurt_launch *l, int p, long long *first, long long *end) {
  *first = (long long)l->parts[p].first;
  *end = (long long)l->parts[p].end;
}

void nurt_split_region(nurt_launch *l, int p, int i, long long lo_bytes, size_t bytes,
                       long long wlo_bytes, size_t wbytes) {
  if (p < 0 || p >= l->nparts || i < 0 || (size_t)i >= l->nbufs)
    nurt_fatal("internal error: nurt_split_region(%d, %d) out of range (kernel %s)", p, i,
               l->where.kernel);
  l->regions[(size_t)p * l->nbufs + (size_t)i] = (nurt_region){lo_bytes, wlo_bytes, bytes, wbytes};
}

/* [*lo, *hi) of part p's region of argument i, as offsets in its buffer,
 * within the argument's range (writes: within what the launch writes). */
static void part_range(nurt_launch *l, int p, size_t i, int writes, const nurt_entry *e, size_t *lo,
                       size_t *hi) {
  const nurt_bufarg *b = &l->bufs[i];
  const nurt_region *r = &l->regions[(size_t)p * l->nbufs + i];
  uintptr_t alo = (uintptr_t)(writes ? b->wlo : b->lo), ahi = alo + (writes ? b->wbytes : b->bytes);
  uintptr_t x = alo, y = ahi;
  if (r->bytes != (size_t)-1) {
    x = (uintptr_t)b->ptr + (uintptr_t)(writes ? r->wlo : r->lo);
    y = x + (writes ? r->wbytes : r->bytes);
    if (!(writes ? r->wbytes : r->bytes))
      x = y = alo;
  }
  x = x < alo ? alo : x > ahi ? ahi : x;
  y = y < x ? x : y > ahi ? ahi : y;
  *lo = nurt_off(e, x);
  *hi = nurt_off(e, y);
}

/* Whether the parts' written rows are disjoint and inside what the launch
 * writes: then each written byte has one device that holds it after. */
static const char *check_writes(nurt_launch *l) {
  for (size_t i = 0; i < l->nbufs; i++) {
    const nurt_bufarg *b = &l->bufs[i];
    if (!(b->mode & NURT_OUT) || !b->bytes || b->result) /* each device has its own */
      continue;
    for (int p = 0; p < l->nparts; p++) {
      const nurt_region *r = &l->regions[(size_t)p * l->nbufs + i];
      if (r->bytes == (size_t)-1)
        return "a written array has no rows per part";
      if (!r->wbytes)
        continue;
      uintptr_t x = (uintptr_t)b->ptr + (uintptr_t)r->wlo, y = x + r->wbytes;
      if (x < (uintptr_t)b->wlo || y > (uintptr_t)b->wlo + b->wbytes)
        return "a part writes outside the launch's written rows";
      for (int q = 0; q < p; q++) {
        const nurt_region *o = &l->regions[(size_t)q * l->nbufs + i];
        uintptr_t u = (uintptr_t)b->ptr + (uintptr_t)o->wlo, v = u + o->wbytes;
        if (o->wbytes && x < v && u < y)
          return "two parts write the same rows";
      }
    }
  }
  return NULL;
}

int nurt_split_launch(nurt_launch *l, unsigned dims, const size_t *global, const size_t *local,
                      nurt_set_arg set_arg, nurt_part_args part_args) {
  NURT_LOCKED();
  nurt_kernel *k = l->k;
  const char *why = check_writes(l);
  if (why)
    return refuse(k, why);
  nurt_ksplit *s = ksplit_of(k);
  unsigned outer = dims - 1;
  cl_event evs[NURT_MAX_DEVICES];
  nurt_multi_launch(1);
  /* Every part's rows are read from the devices that hold them first: a
   * read from a device is queued ahead of that device's part, so the parts
   * still run side by side, and the reads from several devices overlap.
   * Each part then takes its rows and starts before the next part's rows
   * are written (on the H200s, blocking reads one after another left each
   * device idle about 95 µs per Jacobi-2D step). */
  int fetched = 0;
  for (int p = 0; p < l->nparts; p++) {
    nurt_multi_part = p;
    for (size_t i = 0; i < l->nbufs; i++) {
      nurt_bufarg *b = &l->bufs[i];
      if (!b->bytes || (b->result && l->parts[p].dev))
        continue;
      nurt_entry *e = nurt_table_find(b->lo, 1);
      size_t lo, hi;
      part_range(l, p, i, 0, e, &lo, &hi);
      fetched |= nurt_multi_fetch(e->buf, l->parts[p].dev, lo, hi, &l->where);
    }
  }
  nurt_multi_part = -1;
  s->fetched = fetched;
  /* A device whose later part waits for a copy its first part does not
   * gets that copy's write on its second queue, so that the part ahead runs
   * meanwhile; the write must still follow whatever the device's queue held
   * before this launch (an earlier part read the rows it overwrites): a
   * marker of it. */
  cl_event mark[NURT_MAX_DEVICES] = {0};
  for (int d = 0; d < nurt_g.ndevices; d++) {
    int first = 0;
    while (first < l->nparts && l->parts[first].dev != d)
      first++;
    if (first < l->nparts && nurt_multi_waits(d, first))
      nurt_check(clEnqueueMarkerWithWaitList(nurt_g.queues[d], 0, NULL, &mark[d]),
                 "clEnqueueMarkerWithWaitList", &l->where);
  }
  for (int d = 0; d < nurt_g.ndevices; d++)
    clFlush(nurt_g.queues[d]);
  /* The parts start in the order their rows arrive: a device that is still
   * running gets its next part queued behind the running one as soon as its
   * rows are read, while the host waits for the other device's.  In part
   * order, the later device waited for the earlier one's write and launch
   * too (two H200s: 73 µs idle per Jacobi-2D step, where a device whose
   * rows came first idles about 5).  A device's parts keep their order.
   * The host polls the reads for up to a millisecond, then waits for the
   * first part left. */
  int order[NURT_MAX_DEVICES], left = l->nparts;
  for (int p = 0; p < l->nparts; p++)
    order[p] = p;
  unsigned started = 0; /* the devices that have a part of this launch queued */
  double since = nurt_clock_seconds();
  for (int n = 0; n < l->nparts; n++) {
    int pick = 0;
    while (left > 1 && nurt_clock_seconds() - since < 1e-3) {
      int q = 0;
      unsigned seen = 0; /* a device's first part left is its only candidate */
      for (; q < left; q++) {
        int d = l->parts[order[q]].dev;
        if (!(seen & 1u << d) && nurt_multi_ready(d, order[q]))
          break;
        seen |= 1u << d;
      }
      if (q < left) {
        pick = q;
        break;
      }
      sched_yield(); /* PoCL's devices are this machine's cores */
    }
    int p = order[pick];
    for (int q = pick; q + 1 < left; q++) /* the rest keep their order */
      order[q] = order[q + 1];
    left--;
    int dev = l->parts[p].dev;
    l->parts[p].again = (started & 1u << dev) != 0;
    cl_event wait = nurt_multi_arrive(dev, p, l->parts[p].again ? mark[dev] : NULL);
    started |= 1u << dev;
    for (size_t i = 0; i < l->nbufs; i++) {
      nurt_bufarg *b = &l->bufs[i];
      cl_mem mem;
      cl_long off = 0;
      if (b->result && dev) {
        continue; /* part_args gives the device's own block */
      } else if (!b->bytes) {
        mem = nurt_arrays_dummy(&l->where);
      } else {
        nurt_entry *e = nurt_table_find(b->lo, 1);
        mem = nurt_multi_mem(e->buf, dev, &l->where);
        off = (cl_long)((uintptr_t)b->ptr - (uintptr_t)e->buf->base);
      }
      set_arg(l, b->index, sizeof(cl_mem), &mem);
      set_arg(l, b->index + 1, sizeof off, &off);
    }
    part_args(l, p, dev);
    cl_long end = (cl_long)l->parts[p].end;
    set_arg(l, (cl_uint)l->narg, sizeof end, &end);
    size_t offset[3] = {0, 0, 0}, size[3];
    for (unsigned d = 0; d < dims; d++)
      size[d] = global[d];
    offset[outer] = l->parts[p].first;
    size[outer] = l->parts[p].items;
    nurt_check(clEnqueueNDRangeKernel(nurt_g.queues[dev], k->kernel, dims, offset, size, local,
                                      wait ? 1 : 0, wait ? &wait : NULL, &evs[p]),
               "clEnqueueNDRangeKernel", &l->where);
    if (wait)
      clReleaseEvent(wait);
    /* the rows of it another device fetched last time are read now */
    for (size_t i = 0; i < l->nbufs; i++) {
      nurt_bufarg *b = &l->bufs[i];
      if (!(b->mode & NURT_OUT) || !b->bytes || b->result)
        continue;
      nurt_entry *e = nurt_table_find(b->lo, 1);
      size_t lo, hi;
      part_range(l, p, i, 1, e, &lo, &hi);
      nurt_multi_push(e->buf, dev, lo, hi, evs[p], &l->where);
    }
    /* each queue starts now: PoCL and NVIDIA hold enqueued work until a flush */
    clFlush(nurt_g.queues[dev]);
  }
  for (int d = 0; d < nurt_g.ndevices; d++)
    if (mark[d])
      clReleaseEvent(mark[d]);
  nurt_counters.launches++;
  k->launches++;
  k->dims = dims;
  k->has_local = 1;
  for (unsigned d = 0; d < dims; d++) {
    k->global[d] = global[d];
    k->local[d] = local[d];
  }
  s->splits++;
  s->set = cur_set;
  unsigned counted = 0;
  size_t all = 0;
  for (int p = 0; p < l->nparts; p++)
    all = l->parts[p].end > all ? l->parts[p].end : all;
  size_t most[NURT_MAX_DEVICES] = {0};
  for (int d = 0; d < nurt_g.ndevices; d++)
    s->share[d] = 0;
  for (int p = 0; p < l->nparts; p++) {
    int dev = l->parts[p].dev;
    size_t items = l->parts[p].end - l->parts[p].first; /* iterations */
    if (!(counted & 1u << dev))
      nurt_multi_stats[dev].launches++;
    counted |= 1u << dev;
    s->share[dev] += (double)items / (double)all;
    /* Reading an event's times costs the host some µs on NVIDIA's driver,
     * and the host's time between a step's kernels is the devices' idle
     * time: only NU_PROFILE reads every one (each device's line). */
    if (nurt_profile_enabled()) {
      keep_event(dev, evs[p]);
      clRetainEvent(evs[p]);
      nurt_prof_push(evs[p], NURT_EV_KERNEL, k);
    }
    /* a device's largest part (not an edge's) gives its speed */
    if (items >= most[dev]) {
      most[dev] = items;
      if (s->last[dev])
        clReleaseEvent(s->last[dev]);
      s->last[dev] = evs[p];
      s->items[dev] = items;
    } else {
      clReleaseEvent(evs[p]);
    }
  }
  if (!nurt_profile_enabled())
    nurt_prof_launched(k);
  for (size_t i = 0; i < l->nbufs; i++)
    if ((l->bufs[i].mode & NURT_OUT) && l->bufs[i].bytes)
      nurt_arrays_mark_written(l->bufs[i].wlo, l->bufs[i].wbytes, &l->where);
  /* after the table's marks: a merge there would have made a new buffer */
  for (size_t i = 0; i < l->nbufs; i++) {
    nurt_bufarg *b = &l->bufs[i];
    if (!(b->mode & NURT_OUT) || !b->bytes || b->result) /* device 0's block: device 0's part */
      continue;
    nurt_entry *e = nurt_table_find(b->lo, 1);
    nurt_multi_writer = s->id;
    for (int p = 0; p < l->nparts; p++) {
      size_t lo, hi;
      part_range(l, p, i, 1, e, &lo, &hi);
      nurt_multi_own(e->buf, l->parts[p].dev, lo, hi);
    }
    nurt_multi_writer = 0;
  }
  nurt_multi_launch(0);
  return 1;
}

void nurt_split_before_one(nurt_launch *l) {
  for (size_t i = 0; i < l->nbufs; i++) {
    nurt_bufarg *b = &l->bufs[i];
    if (!b->bytes || b->mode == NURT_SNAPSHOT) /* a snapshot gathered its own */
      continue;
    nurt_entry *e = nurt_table_find(b->lo, 1);
    size_t lo = nurt_off(e, (uintptr_t)b->lo);
    nurt_multi_gather(e->buf, lo, lo + b->bytes, &l->where);
  }
}

void nurt_split_after_one(nurt_launch *l, cl_event ev) {
  nurt_multi_stats[0].launches++;
  if (ev)
    keep_event(0, ev);
  for (size_t i = 0; i < l->nbufs; i++) {
    nurt_bufarg *b = &l->bufs[i];
    if (!(b->mode & NURT_OUT) || !b->bytes || b->mode == NURT_SNAPSHOT)
      continue;
    nurt_entry *e = nurt_table_find(b->lo, 1);
    size_t lo = nurt_off(e, (uintptr_t)b->wlo);
    nurt_multi_own(e->buf, 0, lo, lo + b->wbytes);
  }
}

static void human(char *buf, size_t n, unsigned long long bytes) {
  if (bytes >= 10ull << 30)
    snprintf(buf, n, "%.1f GiB", (double)bytes / (double)(1ull << 30));
  else if (bytes >= 10ull << 20)
    snprintf(buf, n, "%.1f MiB", (double)bytes / (double)(1ull << 20));
  else if (bytes >= 10ull << 10)
    snprintf(buf, n, "%.1f KiB", (double)bytes / 1024.0);
  else
    snprintf(buf, n, "%llu B", bytes);
}

void nurt_split_report(FILE *out, const nurt_kernel *kernels) {
  if (nurt_g.ndevices < 2)
    return;
  fprintf(out, "nurt: NU_DEVICES: %d devices\n", nurt_g.ndevices);
  for (int d = 0; d < nurt_g.ndevices; d++) {
    evlist *t = &timed[d];
    for (size_t i = 0; i < t->n; i++) {
      nurt_multi_stats[d].seconds += nurt_prof_event_seconds(t->ev[i]);
      clReleaseEvent(t->ev[i]);
    }
    t->n = 0;
    unsigned long long in = nurt_multi_stats[d].bytes_in, out_b = nurt_multi_stats[d].bytes_out;
    if (d == 0) {
      in += nurt_counters.bytes_to_device;
      out_b += nurt_counters.bytes_to_host;
    }
    char bi[32], bo[32];
    human(bi, sizeof bi, in);
    human(bo, sizeof bo, out_b);
    fprintf(out, "  device %d: %s, %lu launches, %.3f ms in kernels, %s in, %s out\n", d,
            nurt_g.names[d], nurt_multi_stats[d].launches, nurt_multi_stats[d].seconds * 1e3, bi,
            bo);
  }
  char hb[32];
  human(hb, sizeof hb, nurt_multi_halo_bytes);
  fprintf(out, "  between devices (through host memory): %lu copies, %s", nurt_multi_halo_copies,
          hb);
  if (nurt_multi_early_taken)
    fprintf(out, " (%lu read early)", nurt_multi_early_taken);
  fputc('\n', out);
  /* a kernel may do both: the last reason it stayed on one device */
  for (const nurt_kernel *k = kernels; k; k = k->next) {
    if (k->split && k->split->splits) {
      fprintf(out, "  %s (%s:%d): split %lu times; last shares", k->name, k->module->file, k->line,
              k->split->splits);
      for (int d = 0; d < nurt_g.ndevices; d++)
        fprintf(out, " %.0f%%", 100 * k->split->share[d]);
      fprintf(out, " (shares set %lu of %lu)", k->split->set, cur_set);
      if (k->split->edges_first)
        fprintf(out, "; edge rows first in %lu", k->split->edges_first);
      if (k->split->edges_last)
        fprintf(out, "; edge rows last in %lu", k->split->edges_last);
      fputc('\n', out);
    }
    if (k->one_device)
      fprintf(out, "  %s (%s:%d): on device 0 only: %s\n", k->name, k->module->file, k->line,
              k->one_device);
  }
}

void nurt_split_release(nurt_kernel *k) {
  nurt_ksplit *s = k->split;
  if (!s)
    return;
  for (int d = 0; d < NURT_MAX_DEVICES; d++)
    if (s->last[d])
      clReleaseEvent(s->last[d]);
  free(s);
  k->split = NULL;
}

void nurt_split_release_all(nurt_launch *l) {
  for (int d = 0; d < NURT_MAX_DEVICES; d++) {
    for (size_t i = 0; i < timed[d].n; i++)
      clReleaseEvent(timed[d].ev[i]);
    free(timed[d].ev);
    timed[d] = (evlist){0};
  }
  free(l->regions);
  l->regions = NULL;
  l->capregions = 0;
}
