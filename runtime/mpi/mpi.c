/* mpi.c — libnurt_mpi: the MPI calls of the user's program, through MPI's
 * profiling interface (PMPI), with each buffer made current on the host
 * first.  The MPI library moves data where nurt sees neither a system call
 * nor a page fault: a peer process reads or writes this one's memory
 * (process_vm_readv, CMA, XPMEM), a network card does (RDMA), or a
 * progress thread copies while kernels run.  So a buffer MPI reads is
 * copied back from the device before the call (its pages readable), and a
 * buffer MPI writes becomes host-fresh before it (its pages writable): the
 * next kernel that reads it uploads what arrived.  A nonblocking call hands
 * MPI a copy of the buffer instead, which no kernel launched before its
 * completion can protect or upload half filled ("Requests in flight").
 * Only nurt.h's API is used: the layer sits on top of nurt as a program
 * would.
 * docs/runtime.md ("Inside MPI programs") lists the calls covered. */
#define _GNU_SOURCE /* dlsym's RTLD_DEFAULT */
#include <dlfcn.h>
#include <mpi.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nurt.h"

/* The program's calls reach these wrappers only if this library comes
 * before the MPI library in the link (its MPI_Send is then the first the
 * dynamic linker finds).  Linked after it, nothing would be synced and the
 * kernels would read stale halos without a sign: say so.  A warning, not an
 * error: another PMPI tool (a profiler) linked first takes the calls on
 * purpose. */
__attribute__((constructor)) static void check_link_order(void) {
  /* by the object that holds each: taking MPI_Send's address here would
   * go through the same lookup */
  Dl_info first, mine;
  void *f = dlsym(RTLD_DEFAULT, "MPI_Send");
  if (f && dladdr(f, &first) && dladdr((void *)check_link_order, &mine) &&
      first.dli_fbase != mine.dli_fbase)
    fprintf(stderr,
            "nurt: warning: the program's MPI calls do not reach libnurt_mpi (%s's "
            "MPI_Send comes first): link -lnurt_mpi before the MPI library, or buffers "
            "that kernels wrote are handed to MPI stale (docs/usage.md)\n",
            first.dli_fname ? first.dli_fname : "another object");
}

/* What nurt looks for (io.c) to know that the layer is in the program. */
void nurt_mpi_layer(void);
void nurt_mpi_layer(void) {}

/* Stops every process: a request without its record would hand the program
 * a buffer MPI never filled. */
static _Noreturn void die(const char *what) {
  fprintf(stderr, "nurt: error: %s\n", what);
  PMPI_Abort(MPI_COMM_WORLD, 1);
  abort();
}

/* ---- Byte ranges of typed buffers ---------------------------------------- */

/* The bytes [lo, hi) that `count` elements of `t` at `buf` may touch:
 * lower bound to upper bound, holes included (a vector type's stride).  0
 * when there are none or the type cannot be asked about; the MPI call
 * itself then reports what is wrong with it. */
typedef struct {
  uintptr_t lo, hi;
} span;

static int span_at(uintptr_t buf, long long count, MPI_Datatype t, span *s) {
  MPI_Aint lb, extent, tlb, textent;
  if (count <= 0 || t == MPI_DATATYPE_NULL ||
      PMPI_Type_get_extent(t, &lb, &extent) != MPI_SUCCESS ||
      PMPI_Type_get_true_extent(t, &tlb, &textent) != MPI_SUCCESS || textent <= 0)
    return 0;
  /* the last element begins (count - 1) extents on; a negative extent runs
   * the elements downwards */
  long long first = (long long)tlb, last = (long long)tlb + (count - 1) * (long long)extent;
  long long from = first < last ? first : last, to = (first < last ? last : first) + textent;
  s->lo = buf + (uintptr_t)from;
  s->hi = buf + (uintptr_t)to;
  return 1;
}

/* In integers: MPI_BOTTOM is a null pointer, and the bounds are absolute. */
static int span_of(const void *buf, long long count, MPI_Datatype t, span *s) {
  return span_at((uintptr_t)buf, count, t, s);
}

/* The union of count[i] elements at displs[i] extents from buf, i < n. */
static int span_of_v(const void *buf, int n, const int *counts, const int *displs, MPI_Datatype t,
                     span *s) {
  MPI_Aint lb, extent;
  if (!counts || !displs || t == MPI_DATATYPE_NULL ||
      PMPI_Type_get_extent(t, &lb, &extent) != MPI_SUCCESS)
    return 0;
  int any = 0;
  for (int i = 0; i < n; i++) {
    span p;
    if (!span_at((uintptr_t)buf + (uintptr_t)((long long)displs[i] * (long long)extent), counts[i],
                 t, &p))
      continue;
    if (!any || p.lo < s->lo)
      s->lo = p.lo;
    if (!any || p.hi > s->hi)
      s->hi = p.hi;
    any = 1;
  }
  return any;
}

/* ---- Syncing -------------------------------------------------------------- */

/* MPI will read (write == 0) or write the span: the host's copy current
 * first, and after a write the device's stale.  A write brings back what
 * only the device holds before it marks the bytes host-fresh, so bytes of
 * the span that MPI leaves alone (a short message, a vector's holes) keep
 * the kernels' values. */
static void sync_span(const span *s, int write) {
  nurt_host_range((const void *)s->lo, s->hi - s->lo, write);
}

static void sync_buf(const void *buf, long long count, MPI_Datatype t, int write) {
  span s;
  if (buf != MPI_IN_PLACE && span_of(buf, count, t, &s))
    sync_span(&s, write);
}

static void sync_buf_v(const void *buf, int n, const int *counts, const int *displs, MPI_Datatype t,
                       int write) {
  span s;
  if (buf != MPI_IN_PLACE && span_of_v(buf, n, counts, displs, t, &s))
    sync_span(&s, write);
}

/* The processes a collective gathers from or scatters to: the remote
 * group of an intercommunicator. */
static int peers(MPI_Comm comm) {
  int inter = 0, n = 0;
  PMPI_Comm_test_inter(comm, &inter);
  if (inter)
    PMPI_Comm_remote_size(comm, &n);
  else
    PMPI_Comm_size(comm, &n);
  return n;
}

/* What this process is in a rooted collective. */
enum { NOT_IN, ROOT, LEAF };
static int role(int root, MPI_Comm comm) {
  int inter = 0, rank = -1;
  if (root == MPI_PROC_NULL)
    return NOT_IN; /* an intercommunicator's root group, other than the root */
  if (root == MPI_ROOT)
    return ROOT;
  PMPI_Comm_test_inter(comm, &inter);
  if (inter)
    return LEAF;
  PMPI_Comm_rank(comm, &rank);
  return rank == root ? ROOT : LEAF;
}

/* ---- Requests in flight ---------------------------------------------------- */

/* Between a nonblocking call and its completion MPI may touch the buffer at
 * any moment, from this process or from a peer, while the program launches
 * kernels; a launch protects the pages of the arrays it uses (a peer's
 * process_vm_readv then fails with EFAULT) and uploads what it reads (half
 * a message).  So the layer hands MPI a copy of its own, plain memory that
 * no kernel knows: a send's taken when posted, a receive's copied into the
 * program's buffer at completion.  The copy is the buffer's whole span, byte
 * for byte, so it serves only a dense one (a vector type's holes would be
 * overwritten with their old values); MPI gets a sparse one itself, synced
 * as a blocking call's. */
typedef struct {
  span s;
  char *copy; /* the span's image that MPI reads or writes, or NULL: MPI has the buffer */
  int write;  /* MPI writes it: back into the program's buffer at completion */
} side;

/* A request of the program: its buffers (two for a nonblocking collective
 * with a send and a receive buffer).  Few are in flight at a time: a list. */
typedef struct pending {
  MPI_Request req;
  side side[2];
  int nside;
  int persistent; /* kept after completion, for the next MPI_Start */
  int active;     /* started and not completed */
  struct pending *next;
} pending;

static pending *pendings;
static pending *orphans; /* freed by MPI_Request_free while active: their copies
                            may be in use until MPI_Finalize */
static int npending;     /* atomic: entries in the list; 0 lets completions skip it */
static pthread_mutex_t pending_lock = PTHREAD_MUTEX_INITIALIZER;

/* The record of req, unlinked when `take` (lock held). */
static pending *find(MPI_Request req, int take) {
  for (pending **at = &pendings; *at; at = &(*at)->next) {
    pending *p = *at;
    if (p->req != req)
      continue;
    if (take) {
      *at = p->next;
      __atomic_store_n(&npending, npending - 1, __ATOMIC_RELAXED);
    }
    return p;
  }
  return NULL;
}

static void drop(pending *p) {
  if (!p)
    return;
  for (int i = 0; i < p->nside; i++)
    free(p->side[i].copy);
  free(p);
}

/* The program's buffer as its span's image: the copy filled from it. */
static void fill(side *d) { memcpy(d->copy, (const void *)d->s.lo, d->s.hi - d->s.lo); }

/* Prepares one buffer of a nonblocking call: synced, and for a dense one the
 * copy made (`fill_now`: a send's, or a receive's, so that the bytes a short
 * message leaves alone keep their values).  Returns what MPI is to be given:
 * the copy's address of buf, or buf. */
static void *prepare(side *d, const void *buf, long long count, MPI_Datatype t, int write,
                     int fill_now, int *nside) {
  d->copy = NULL;
  d->write = write;
  if (buf == MPI_IN_PLACE || !span_of(buf, count, t, &d->s))
    return (void *)buf;
  ++*nside;
  int size = 0;
  size_t bytes = d->s.hi - d->s.lo;
  if (PMPI_Type_size(t, &size) == MPI_SUCCESS && (long long)size * count == (long long)bytes)
    d->copy = malloc(bytes);
  /* the program's bytes current on the host: read into the copy, or (no
   * copy) left to MPI as a blocking call's */
  sync_span(&d->s, write && !d->copy);
  if (!d->copy)
    return (void *)buf;
  if (fill_now)
    fill(d);
  return d->copy + ((uintptr_t)buf - d->s.lo);
}

/* The nonblocking call returned rc and set *req: recorded, or the copies
 * freed if it failed. */
static int posted(int rc, const MPI_Request *req, side *sides, int nside, int persistent) {
  pending *p = NULL;
  if (rc == MPI_SUCCESS && nside > 0 && *req != MPI_REQUEST_NULL && (p = malloc(sizeof *p))) {
    *p = (pending){.req = *req, .nside = nside, .persistent = persistent, .active = !persistent};
    memcpy(p->side, sides, (size_t)nside * sizeof *sides);
    pthread_mutex_lock(&pending_lock);
    /* MPI hands out a handle again only once its request is gone: a record
     * left with it (a request never waited for) is stale */
    drop(find(*req, 1));
    p->next = pendings;
    pendings = p;
    __atomic_store_n(&npending, npending + 1, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&pending_lock);
    return rc;
  }
  if (rc == MPI_SUCCESS && nside > 0 && *req != MPI_REQUEST_NULL)
    die("out of host memory for a request's record");
  for (int i = 0; i < nside; i++)
    free(sides[i].copy);
  return rc;
}

/* req has completed: what MPI wrote becomes the program's.  The span turns
 * host-fresh without a copy back (nurt_host_define: its bytes are the
 * message's; the other bytes of its pages come back if only the device has
 * them), and the copy, if any, goes in. */
static void completed(MPI_Request req) {
  if (req == MPI_REQUEST_NULL || !__atomic_load_n(&npending, __ATOMIC_RELAXED))
    return;
  pthread_mutex_lock(&pending_lock);
  pending *p = find(req, 0);
  if (p && !p->active)
    p = NULL;
  else if (p && !p->persistent)
    find(req, 1);
  if (p)
    p->active = 0;
  pthread_mutex_unlock(&pending_lock);
  if (!p)
    return;
  for (int i = 0; i < p->nside; i++) {
    side *d = &p->side[i];
    if (!d->write)
      continue;
    if (d->copy) {
      nurt_host_define((const void *)d->s.lo, d->s.hi - d->s.lo);
      memcpy((void *)d->s.lo, d->copy, d->s.hi - d->s.lo);
    } else {
      /* holes: what kernels wrote there meanwhile is kept */
      sync_span(&d->s, 1);
    }
  }
  if (!p->persistent)
    drop(p);
}

/* A persistent request starts again: its buffers synced and copied as at
 * a post. */
static void started(MPI_Request req) {
  if (!__atomic_load_n(&npending, __ATOMIC_RELAXED))
    return;
  pthread_mutex_lock(&pending_lock);
  pending *p = find(req, 0);
  if (p)
    p->active = 1;
  pthread_mutex_unlock(&pending_lock);
  if (!p)
    return;
  for (int i = 0; i < p->nside; i++) {
    side *d = &p->side[i];
    sync_span(&d->s, d->write && !d->copy);
    if (d->copy)
      fill(d);
  }
}

/* The requests of a wait or test, as they were before the call: MPI sets a
 * completed one to MPI_REQUEST_NULL.  Small arrays live on the stack. */
typedef struct {
  MPI_Request *v;
  MPI_Request small[16];
} saved;

static int save(saved *sv, int n, const MPI_Request *reqs) {
  sv->v = NULL;
  if (n <= 0 || !reqs || !__atomic_load_n(&npending, __ATOMIC_RELAXED))
    return 0;
  sv->v = (size_t)n <= sizeof sv->small / sizeof *sv->small ? sv->small
                                                            : malloc((size_t)n * sizeof *reqs);
  if (!sv->v)
    die("out of host memory for a wait's requests");
  memcpy(sv->v, reqs, (size_t)n * sizeof *reqs);
  return 1;
}

static void unsave(saved *sv) {
  if (sv->v != sv->small)
    free(sv->v);
}

/* ---- Point to point -------------------------------------------------------- */

#define SEND(NAME)                                                                                 \
  int MPI_##NAME(const void *buf, int count, MPI_Datatype t, int dest, int tag, MPI_Comm comm) {   \
    sync_buf(buf, count, t, 0);                                                                    \
    return PMPI_##NAME(buf, count, t, dest, tag, comm);                                            \
  }
SEND(Send)
SEND(Ssend)
SEND(Bsend)
SEND(Rsend)

#define ISEND(NAME)                                                                                \
  int MPI_##NAME(const void *buf, int count, MPI_Datatype t, int dest, int tag, MPI_Comm comm,     \
                 MPI_Request *req) {                                                               \
    side d;                                                                                        \
    int n = 0;                                                                                     \
    const void *b = prepare(&d, buf, count, t, 0, 1, &n);                                          \
    return posted(PMPI_##NAME(b, count, t, dest, tag, comm, req), req, &d, n, 0);                  \
  }
ISEND(Isend)
ISEND(Issend)
ISEND(Ibsend)
ISEND(Irsend)

/* Persistent requests: the copy made once, filled at each start. */
#define SEND_INIT(NAME)                                                                            \
  int MPI_##NAME(const void *buf, int count, MPI_Datatype t, int dest, int tag, MPI_Comm comm,     \
                 MPI_Request *req) {                                                               \
    side d;                                                                                        \
    int n = 0;                                                                                     \
    const void *b = prepare(&d, buf, count, t, 0, 0, &n);                                          \
    return posted(PMPI_##NAME(b, count, t, dest, tag, comm, req), req, &d, n, 1);                  \
  }
SEND_INIT(Send_init)
SEND_INIT(Ssend_init)
SEND_INIT(Bsend_init)
SEND_INIT(Rsend_init)

int MPI_Recv_init(void *buf, int count, MPI_Datatype t, int source, int tag, MPI_Comm comm,
                  MPI_Request *req) {
  side d;
  int n = 0;
  void *b = prepare(&d, buf, count, t, 1, 0, &n);
  return posted(PMPI_Recv_init(b, count, t, source, tag, comm, req), req, &d, n, 1);
}

int MPI_Recv(void *buf, int count, MPI_Datatype t, int source, int tag, MPI_Comm comm,
             MPI_Status *status) {
  sync_buf(buf, count, t, 1);
  return PMPI_Recv(buf, count, t, source, tag, comm, status);
}

int MPI_Mrecv(void *buf, int count, MPI_Datatype t, MPI_Message *message, MPI_Status *status) {
  sync_buf(buf, count, t, 1);
  return PMPI_Mrecv(buf, count, t, message, status);
}

int MPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                 MPI_Comm comm, MPI_Status *status) {
  sync_buf(sendbuf, sendcount, sendtype, 0);
  sync_buf(recvbuf, recvcount, recvtype, 1);
  return PMPI_Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype,
                       source, recvtag, comm, status);
}

int MPI_Sendrecv_replace(void *buf, int count, MPI_Datatype t, int dest, int sendtag, int source,
                         int recvtag, MPI_Comm comm, MPI_Status *status) {
  sync_buf(buf, count, t, 1); /* a write brings back first: read and written */
  return PMPI_Sendrecv_replace(buf, count, t, dest, sendtag, source, recvtag, comm, status);
}

int MPI_Irecv(void *buf, int count, MPI_Datatype t, int source, int tag, MPI_Comm comm,
              MPI_Request *req) {
  side d;
  int n = 0;
  void *b = prepare(&d, buf, count, t, 1, 1, &n);
  return posted(PMPI_Irecv(b, count, t, source, tag, comm, req), req, &d, n, 0);
}

int MPI_Imrecv(void *buf, int count, MPI_Datatype t, MPI_Message *message, MPI_Request *req) {
  side d;
  int n = 0;
  void *b = prepare(&d, buf, count, t, 1, 1, &n);
  return posted(PMPI_Imrecv(b, count, t, message, req), req, &d, n, 0);
}

int MPI_Start(MPI_Request *req) {
  if (req)
    started(*req);
  return PMPI_Start(req);
}

int MPI_Startall(int count, MPI_Request reqs[]) {
  for (int i = 0; reqs && i < count; i++)
    started(reqs[i]);
  return PMPI_Startall(count, reqs);
}

/* ---- Completion ------------------------------------------------------------ */

int MPI_Wait(MPI_Request *req, MPI_Status *status) {
  MPI_Request r = req ? *req : MPI_REQUEST_NULL;
  int rc = PMPI_Wait(req, status);
  completed(r);
  return rc;
}

int MPI_Test(MPI_Request *req, int *flag, MPI_Status *status) {
  MPI_Request r = req ? *req : MPI_REQUEST_NULL;
  int rc = PMPI_Test(req, flag, status);
  if (rc == MPI_SUCCESS && flag && *flag)
    completed(r);
  return rc;
}

/* Waitall, Testall: all completed (MPI_ERR_IN_STATUS: each request
 * completed, some with an error). */
static void all_completed(int rc, saved *sv, int n) {
  if (sv->v && (rc == MPI_SUCCESS || rc == MPI_ERR_IN_STATUS))
    for (int i = 0; i < n; i++)
      completed(sv->v[i]);
  unsave(sv);
}

int MPI_Waitall(int count, MPI_Request reqs[], MPI_Status statuses[]) {
  saved sv;
  save(&sv, count, reqs);
  int rc = PMPI_Waitall(count, reqs, statuses);
  all_completed(rc, &sv, count);
  return rc;
}

int MPI_Testall(int count, MPI_Request reqs[], int *flag, MPI_Status statuses[]) {
  saved sv;
  save(&sv, count, reqs);
  int rc = PMPI_Testall(count, reqs, flag, statuses);
  if (flag && *flag)
    all_completed(rc, &sv, count);
  else
    unsave(&sv); /* none completed */
  return rc;
}

static void one_completed(int rc, saved *sv, int index) {
  if (sv->v && rc == MPI_SUCCESS && index != MPI_UNDEFINED)
    completed(sv->v[index]);
  unsave(sv);
}

int MPI_Waitany(int count, MPI_Request reqs[], int *index, MPI_Status *status) {
  saved sv;
  save(&sv, count, reqs);
  int rc = PMPI_Waitany(count, reqs, index, status);
  one_completed(rc, &sv, index ? *index : MPI_UNDEFINED);
  return rc;
}

int MPI_Testany(int count, MPI_Request reqs[], int *index, int *flag, MPI_Status *status) {
  saved sv;
  save(&sv, count, reqs);
  int rc = PMPI_Testany(count, reqs, index, flag, status);
  one_completed(rc, &sv, index && flag && *flag ? *index : MPI_UNDEFINED);
  return rc;
}

static void some_completed(int rc, saved *sv, const int *outcount, const int *indices) {
  if (sv->v && (rc == MPI_SUCCESS || rc == MPI_ERR_IN_STATUS) && outcount && indices &&
      *outcount != MPI_UNDEFINED)
    for (int k = 0; k < *outcount; k++)
      completed(sv->v[indices[k]]);
  unsave(sv);
}

int MPI_Waitsome(int incount, MPI_Request reqs[], int *outcount, int indices[],
                 MPI_Status statuses[]) {
  saved sv;
  save(&sv, incount, reqs);
  int rc = PMPI_Waitsome(incount, reqs, outcount, indices, statuses);
  some_completed(rc, &sv, outcount, indices);
  return rc;
}

int MPI_Testsome(int incount, MPI_Request reqs[], int *outcount, int indices[],
                 MPI_Status statuses[]) {
  saved sv;
  save(&sv, incount, reqs);
  int rc = PMPI_Testsome(incount, reqs, outcount, indices, statuses);
  some_completed(rc, &sv, outcount, indices);
  return rc;
}

/* A request freed while active completes at a time no call tells: its
 * copies stay until MPI_Finalize, and what it receives never reaches the
 * program's buffer (docs/runtime.md: wait for a receive). */
int MPI_Request_free(MPI_Request *req) {
  if (req && *req != MPI_REQUEST_NULL && __atomic_load_n(&npending, __ATOMIC_RELAXED)) {
    pthread_mutex_lock(&pending_lock);
    pending *p = find(*req, 1);
    if (p && p->active) {
      p->next = orphans;
      orphans = p;
      p = NULL;
    }
    pthread_mutex_unlock(&pending_lock);
    drop(p);
  }
  return PMPI_Request_free(req);
}

int MPI_Finalize(void) {
  int rc = PMPI_Finalize();
  pthread_mutex_lock(&pending_lock);
  for (pending *p = orphans, *next; p; p = next) {
    next = p->next;
    drop(p);
  }
  orphans = NULL;
  pthread_mutex_unlock(&pending_lock);
  return rc;
}

/* ---- Collectives ----------------------------------------------------------- */

/* Written at the root too: MPICH's large broadcast (a scatter, then a ring
 * allgather) receives into the root's buffer the blocks it already has,
 * and a page left read-only there failed the root's process_vm_readv. */
int MPI_Bcast(void *buf, int count, MPI_Datatype t, int root, MPI_Comm comm) {
  if (role(root, comm) != NOT_IN)
    sync_buf(buf, count, t, 1);
  return PMPI_Bcast(buf, count, t, root, comm);
}

/* The receive buffer of a reduction: MPI_IN_PLACE reads it too, and a
 * write brings back first, so one sync serves both. */
int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype t, MPI_Op op, int root,
               MPI_Comm comm) {
  int r = role(root, comm);
  if (r == LEAF || (r == ROOT && sendbuf != MPI_IN_PLACE))
    sync_buf(sendbuf, count, t, 0);
  if (r == ROOT)
    sync_buf(recvbuf, count, t, 1);
  return PMPI_Reduce(sendbuf, recvbuf, count, t, op, root, comm);
}

int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype t, MPI_Op op,
                  MPI_Comm comm) {
  sync_buf(sendbuf, count, t, 0);
  sync_buf(recvbuf, count, t, 1);
  return PMPI_Allreduce(sendbuf, recvbuf, count, t, op, comm);
}

int MPI_Scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype t, MPI_Op op,
             MPI_Comm comm) {
  sync_buf(sendbuf, count, t, 0);
  sync_buf(recvbuf, count, t, 1);
  return PMPI_Scan(sendbuf, recvbuf, count, t, op, comm);
}

int MPI_Exscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype t, MPI_Op op,
               MPI_Comm comm) {
  sync_buf(sendbuf, count, t, 0);
  sync_buf(recvbuf, count, t, 1);
  return PMPI_Exscan(sendbuf, recvbuf, count, t, op, comm);
}

int MPI_Reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype t,
                             MPI_Op op, MPI_Comm comm) {
  int n = peers(comm);
  sync_buf(sendbuf, (long long)recvcount * n, t, 0);
  /* in place, the receive buffer holds every process's block on entry */
  sync_buf(recvbuf, sendbuf == MPI_IN_PLACE ? (long long)recvcount * n : recvcount, t, 1);
  return PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, t, op, comm);
}

int MPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
               int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  int r = role(root, comm);
  if (r == LEAF || (r == ROOT && sendbuf != MPI_IN_PLACE))
    sync_buf(sendbuf, sendcount, sendtype, 0);
  if (r == ROOT)
    sync_buf(recvbuf, (long long)recvcount * peers(comm), recvtype, 1);
  return PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

int MPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                MPI_Comm comm) {
  int r = role(root, comm);
  if (r == LEAF || (r == ROOT && sendbuf != MPI_IN_PLACE))
    sync_buf(sendbuf, sendcount, sendtype, 0);
  if (r == ROOT)
    sync_buf_v(recvbuf, peers(comm), recvcounts, displs, recvtype, 1);
  return PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root,
                      comm);
}

int MPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  int r = role(root, comm);
  if (r == ROOT)
    sync_buf(sendbuf, (long long)sendcount * peers(comm), sendtype, 0);
  if (r == LEAF || (r == ROOT && recvbuf != MPI_IN_PLACE))
    sync_buf(recvbuf, recvcount, recvtype, 1);
  return PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

int MPI_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                 MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                 int root, MPI_Comm comm) {
  int r = role(root, comm);
  if (r == ROOT)
    sync_buf_v(sendbuf, peers(comm), sendcounts, displs, sendtype, 0);
  if (r == LEAF || (r == ROOT && recvbuf != MPI_IN_PLACE))
    sync_buf(recvbuf, recvcount, recvtype, 1);
  return PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root,
                       comm);
}

int MPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  sync_buf(sendbuf, sendcount, sendtype, 0);
  sync_buf(recvbuf, (long long)recvcount * peers(comm), recvtype, 1);
  return PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

int MPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                   MPI_Comm comm) {
  sync_buf(sendbuf, sendcount, sendtype, 0);
  sync_buf_v(recvbuf, peers(comm), recvcounts, displs, recvtype, 1);
  return PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
}

int MPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  int n = peers(comm);
  sync_buf(sendbuf, (long long)sendcount * n, sendtype, 0);
  sync_buf(recvbuf, (long long)recvcount * n, recvtype, 1);
  return PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

int MPI_Alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                  MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[],
                  MPI_Datatype recvtype, MPI_Comm comm) {
  int n = peers(comm);
  sync_buf_v(sendbuf, n, sendcounts, sdispls, sendtype, 0);
  sync_buf_v(recvbuf, n, recvcounts, rdispls, recvtype, 1);
  return PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                        recvtype, comm);
}

/* Two nonblocking collectives, whose buffers go through copies as a
 * nonblocking send's and receive's. */
int MPI_Ibcast(void *buf, int count, MPI_Datatype t, int root, MPI_Comm comm, MPI_Request *req) {
  int r = role(root, comm), n = 0;
  side d;
  void *b = r == NOT_IN ? buf : prepare(&d, buf, count, t, 1, 1, &n); /* as MPI_Bcast */
  return posted(PMPI_Ibcast(b, count, t, root, comm, req), req, &d, n, 0);
}

int MPI_Iallreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype t, MPI_Op op,
                   MPI_Comm comm, MPI_Request *req) {
  side d[2];
  int n = 0;
  const void *sb = prepare(&d[n], sendbuf, count, t, 0, 1, &n);
  void *rb = prepare(&d[n], recvbuf, count, t, 1, 1, &n);
  return posted(PMPI_Iallreduce(sb, rb, count, t, op, comm, req), req, d, n, 0);
}
