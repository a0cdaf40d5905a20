/* mpi.c — libnurt_mpi: the MPI calls of the user's program, through MPI's
 * profiling interface (PMPI), with each buffer made current on the host
 * first.  The MPI library moves data where nurt sees neither a system call
 * nor a page fault: a peer process reads or writes this one's memory
 * (process_vm_readv, CMA, XPMEM), a network card does (RDMA), or a
 * progress thread copies while kernels run.  So a buffer MPI reads is
 * copied back from the device before the call (its pages readable), and a
 * buffer MPI writes becomes host-fresh before it (its pages writable): the
 * next kernel that reads it uploads what arrived.  A nonblocking receive's
 * buffer is marked host-fresh again when its request completes: a kernel
 * launched meanwhile may have uploaded it half filled.  Only nurt.h's API
 * is used: the layer sits on top of nurt as a program would.
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
  void *first = dlsym(RTLD_DEFAULT, "MPI_Send");
  if (first && first != (void *)MPI_Send)
    fprintf(stderr, "nurt: warning: the program's MPI calls do not reach libnurt_mpi (another "
                    "MPI_Send comes first): link -lnurt_mpi before the MPI library, or buffers "
                    "that kernels wrote are handed to MPI stale (docs/usage.md)\n");
}

/* ---- Byte ranges of typed buffers ---------------------------------------- */

/* The bytes [lo, hi) that `count` elements of `t` at `buf` may touch:
 * lower bound to upper bound, holes included (a vector type's stride).  0
 * when there are none or the type cannot be asked about; the MPI call
 * itself then reports what is wrong with it. */
typedef struct {
  uintptr_t lo, hi;
} span;

static int span_of(const void *buf, long long count, MPI_Datatype t, span *s) {
  MPI_Aint lb, extent, tlb, textent;
  if (count <= 0 || t == MPI_DATATYPE_NULL ||
      PMPI_Type_get_extent(t, &lb, &extent) != MPI_SUCCESS ||
      PMPI_Type_get_true_extent(t, &tlb, &textent) != MPI_SUCCESS || textent <= 0)
    return 0;
  /* the last element begins (count - 1) extents on; a negative extent runs
   * the elements downwards */
  long long first = (long long)tlb, last = (long long)tlb + (count - 1) * (long long)extent;
  long long from = first < last ? first : last, to = (first < last ? last : first) + textent;
  s->lo = (uintptr_t)buf + (uintptr_t)from;
  s->hi = (uintptr_t)buf + (uintptr_t)to;
  return 1;
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
    if (!span_of((const char *)buf + (long long)displs[i] * (long long)extent, counts[i], t, &p))
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

/* A request whose buffer MPI may still write (a nonblocking receive), or a
 * persistent one's buffer between its starts.  Few at a time: a list. */
typedef struct pending {
  MPI_Request req;
  span s;
  int write;      /* MPI writes the buffer: host-fresh again at completion */
  int persistent; /* kept after completion, for the next MPI_Start */
  int active;     /* started and not completed */
  struct pending *next;
} pending;

static pending *pendings;
static int npending; /* atomic: entries in the list; 0 lets completions skip it */
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

static void note(MPI_Request req, const span *s, int write, int persistent) {
  if (req == MPI_REQUEST_NULL)
    return;
  pending *p = malloc(sizeof *p);
  if (!p) {
    /* without its record the buffer's completion cannot be seen: the
     * buffer is made host-fresh now and left so */
    sync_span(s, write);
    return;
  }
  *p = (pending){
      .req = req, .s = *s, .write = write, .persistent = persistent, .active = !persistent};
  pthread_mutex_lock(&pending_lock);
  /* MPI hands out a handle again only once its request is gone: a record
   * left with it (a request never waited for) must not mark this one's
   * buffer at completion */
  free(find(req, 1));
  p->next = pendings;
  pendings = p;
  __atomic_store_n(&npending, npending + 1, __ATOMIC_RELAXED);
  pthread_mutex_unlock(&pending_lock);
}

/* req has completed: what MPI wrote is the host's, whatever a kernel
 * uploaded meanwhile.  nurt_host_define keeps the host's bytes of the span
 * (the message) and brings back only the others of their pages. */
static void completed(MPI_Request req) {
  if (req == MPI_REQUEST_NULL || !__atomic_load_n(&npending, __ATOMIC_RELAXED))
    return;
  pthread_mutex_lock(&pending_lock);
  pending *p = find(req, 0);
  span s = {0, 0};
  int write = 0;
  if (p && p->active) {
    s = p->s;
    write = p->write;
    p->active = 0;
    if (!p->persistent)
      find(req, 1);
  } else {
    p = NULL;
  }
  pthread_mutex_unlock(&pending_lock);
  if (p && !p->persistent)
    free(p);
  if (write)
    nurt_host_define((const void *)s.lo, s.hi - s.lo);
}

/* A persistent request starts again: its buffer synced as at a post. */
static void started(MPI_Request req) {
  if (!__atomic_load_n(&npending, __ATOMIC_RELAXED))
    return;
  pthread_mutex_lock(&pending_lock);
  pending *p = find(req, 0);
  span s = {0, 0};
  int write = 0, found = p != NULL;
  if (p) {
    s = p->s;
    write = p->write;
    p->active = 1;
  }
  pthread_mutex_unlock(&pending_lock);
  if (found)
    sync_span(&s, write);
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
  if (sv->v)
    memcpy(sv->v, reqs, (size_t)n * sizeof *reqs);
  return sv->v != NULL;
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

/* A nonblocking send needs nothing at completion: the buffer was current
 * when posted, and MPI forbids writing it until then. */
#define ISEND(NAME)                                                                                \
  int MPI_##NAME(const void *buf, int count, MPI_Datatype t, int dest, int tag, MPI_Comm comm,     \
                 MPI_Request *req) {                                                               \
    sync_buf(buf, count, t, 0);                                                                    \
    return PMPI_##NAME(buf, count, t, dest, tag, comm, req);                                       \
  }
ISEND(Isend)
ISEND(Issend)
ISEND(Ibsend)
ISEND(Irsend)

/* Persistent sends: synced at each start, recorded for it. */
#define SEND_INIT(NAME)                                                                            \
  int MPI_##NAME(const void *buf, int count, MPI_Datatype t, int dest, int tag, MPI_Comm comm,     \
                 MPI_Request *req) {                                                               \
    int rc = PMPI_##NAME(buf, count, t, dest, tag, comm, req);                                     \
    span s;                                                                                        \
    if (rc == MPI_SUCCESS && span_of(buf, count, t, &s))                                           \
      note(*req, &s, 0, 1);                                                                        \
    return rc;                                                                                     \
  }
SEND_INIT(Send_init)
SEND_INIT(Ssend_init)
SEND_INIT(Bsend_init)
SEND_INIT(Rsend_init)

int MPI_Recv_init(void *buf, int count, MPI_Datatype t, int source, int tag, MPI_Comm comm,
                  MPI_Request *req) {
  int rc = PMPI_Recv_init(buf, count, t, source, tag, comm, req);
  span s;
  if (rc == MPI_SUCCESS && span_of(buf, count, t, &s))
    note(*req, &s, 1, 1);
  return rc;
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

/* A nonblocking receive: host-fresh before the post (its pages writable
 * for MPI), and again at completion. */
static int posted_recv(int rc, const void *buf, long long count, MPI_Datatype t,
                       const MPI_Request *req) {
  span s;
  if (rc == MPI_SUCCESS && buf != MPI_IN_PLACE && span_of(buf, count, t, &s))
    note(*req, &s, 1, 0);
  return rc;
}

int MPI_Irecv(void *buf, int count, MPI_Datatype t, int source, int tag, MPI_Comm comm,
              MPI_Request *req) {
  sync_buf(buf, count, t, 1);
  return posted_recv(PMPI_Irecv(buf, count, t, source, tag, comm, req), buf, count, t, req);
}

int MPI_Imrecv(void *buf, int count, MPI_Datatype t, MPI_Message *message, MPI_Request *req) {
  sync_buf(buf, count, t, 1);
  return posted_recv(PMPI_Imrecv(buf, count, t, message, req), buf, count, t, req);
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

/* A freed request's operation completes at a time no call tells: its
 * record is dropped (docs/runtime.md: a receive must be waited for). */
int MPI_Request_free(MPI_Request *req) {
  if (req && *req != MPI_REQUEST_NULL && __atomic_load_n(&npending, __ATOMIC_RELAXED)) {
    pthread_mutex_lock(&pending_lock);
    pending *p = find(*req, 1);
    pthread_mutex_unlock(&pending_lock);
    free(p);
  }
  return PMPI_Request_free(req);
}

/* ---- Collectives ----------------------------------------------------------- */

int MPI_Bcast(void *buf, int count, MPI_Datatype t, int root, MPI_Comm comm) {
  int r = role(root, comm);
  if (r != NOT_IN)
    sync_buf(buf, count, t, r == LEAF);
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

/* Two nonblocking collectives, whose buffers are pending as a receive's. */
int MPI_Ibcast(void *buf, int count, MPI_Datatype t, int root, MPI_Comm comm, MPI_Request *req) {
  int r = role(root, comm);
  if (r != NOT_IN)
    sync_buf(buf, count, t, r == LEAF);
  int rc = PMPI_Ibcast(buf, count, t, root, comm, req);
  return r == LEAF ? posted_recv(rc, buf, count, t, req) : rc;
}

int MPI_Iallreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype t, MPI_Op op,
                   MPI_Comm comm, MPI_Request *req) {
  sync_buf(sendbuf, count, t, 0);
  sync_buf(recvbuf, count, t, 1);
  return posted_recv(PMPI_Iallreduce(sendbuf, recvbuf, count, t, op, comm, req), recvbuf, count, t,
                     req);
}
