/* nurt_internal.h — the map of the runtime behind nurt.h: the state each file
 * keeps and the functions it offers the others, sectioned by file.  Not
 * installed.  nurt is single-threaded: one thread at a time may call it (the
 * generated code calls it from the thread that runs the annotated loops); the
 * SIGSEGV handler of guard.c may run in any thread, so the array table is
 * guarded by nurt_lock(). */
#ifndef NURT_INTERNAL_H
#define NURT_INTERNAL_H

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>
#include <stdint.h>
#include <stdio.h>

/* Inside nurt the pointers are compared, not dereferenced: the attribute
 * that tells callers so would only confuse the checks here. */
#define NURT_BY_ADDRESS(i)
#include "nurt.h"

/* Where an OpenCL call happened, for messages; any field may be NULL or 0. */
typedef struct nurt_where {
  const char *kernel; /* kernel name */
  const char *file;   /* annotated input file */
  int line;           /* annotated loop's line */
} nurt_where;

/* One kernel of a module: the cached cl_kernel and its profile. */
typedef struct nurt_kernel {
  char *name;             /* owned copy of the kernel's name */
  cl_kernel kernel;       /* created once, at first launch */
  nurt_module *module;    /* the module it belongs to */
  int line;               /* loop line of the last launch */
  unsigned long launches; /* enqueued */
  unsigned long timed;    /* finished and read from events */
  double total, min, max; /* seconds over the timed launches */
  unsigned dims;          /* last NDRange */
  size_t global[3], local[3];
  int has_local;            /* the last launch gave a local size */
  struct nurt_kernel *next; /* every kernel, in order of first launch */
  /* The arguments as last set: a cl_kernel keeps them between launches, so
   * a launch calls clSetKernelArg only for those that changed. */
  struct nurt_argval *args;
  size_t nargs;
  /* The same kernel built without `restrict`, for launches whose arrays
   * overlap; NULL until one does. */
  struct nurt_kernel *alias;
  /* The same kernel built with `#pragma OPENCL FP_CONTRACT OFF`, for
   * NU_VERIFY's rerun (nurt_launch_exact); NULL until one runs. */
  struct nurt_kernel *exact;
  /* NVIDIA: the registers the build log gives it, the work-group size the
   * cap was decided for, the cap (0: none) and the variant built with it */
  int regs;
  size_t occ_threads;
  int cap;
  struct nurt_kernel *capped;
  /* built with NU_WIDE (64-bit row lengths) for launches that pass an
   * array of 2 GiB or more: as built, without `restrict`, without
   * contraction (launch.c's wide_kernel); NULL until one does */
  struct nurt_kernel *wide[3];
  unsigned long wide_launches; /* those that ran one (NU_PROFILE says so) */
  /* launches whose groups only wrote their partials, the host summing
   * them if it reads the result (launch.c's may_leave) */
  unsigned long left_launches;
  unsigned long suspect; /* launched without an event in this round (profile.c) */
  /* NU_DEVICES (split.c): the last reason a launch of it stayed on device
   * 0 (NULL: none did), and each device's measured speed on it */
  const char *one_device;
  struct nurt_ksplit *split;
} nurt_kernel;

/* One kernel argument as last set (launch.c); values over 8 bytes are
 * never cached. */
typedef struct nurt_argval {
  size_t size;  /* 0: not set yet */
  int local;    /* a __local size, no value */
  uint64_t val; /* the value's bytes */
} nurt_argval;

/* Why copies happen: what started them, with counts (NU_PROFILE=1). */
enum {
  NURT_CAUSE_NONE,   /* nothing said: a fault or a call nurt did not see coming */
  NURT_CAUSE_HOST,   /* a host statement nucc translated (file:line) */
  NURT_CAUSE_KERNEL, /* a launch that needs the array (kernel, file:line) */
  NURT_CAUSE_FAULT,  /* a page fault in host code nucc did not translate */
  NURT_CAUSE_IO,     /* a system call given the array (read, write, ...) */
  NURT_CAUSE_ALL     /* nurt_sync_all/nurt_escape: a call or return nucc cannot see through */
};
typedef struct nurt_cause {
  int kind;
  const char *file; /* not owned: the generated program's literals */
  int line;
  const char *name; /* kernel name (not owned) */
  uintptr_t pc;     /* NURT_CAUSE_FAULT: the faulting instruction, or 0 */
  unsigned long count;
  unsigned long long bytes;
  struct nurt_cause *next;
} nurt_cause;

/* Per-array copy profile (only with NU_PROFILE=1); outlives its entry. */
typedef struct nurt_arrec {
  const void *base; /* host address */
  size_t bytes;
  const char *name;     /* the source name (`a`, `grid->cells`) once known, or NULL */
  nurt_cause *cause[2]; /* [0] to device, [1] to host */
  char *first_kernel;   /* owned: kernel that first used it */
  const char *file;
  int line;
  unsigned long copies[2];     /* [0] to device, [1] to host */
  unsigned long long moved[2]; /* bytes each direction */
  double seconds[2];           /* timed each direction */
  struct nurt_arrec *next;
} nurt_arrec;

/* errors.c */
const char *nurt_cl_error_name(cl_int err);
_Noreturn void nurt_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* From now on this thread's failures call `end`, which does not return,
 * silently (device.c's start-up thread: the program's thread meets them
 * again and reports). */
void nurt_fatal_quietly(void (*end)(void));
_Noreturn void nurt_internal_error(const char *file, int line, const char *what);
/* Built with AddressSanitizer or ThreadSanitizer (GCC's macros, Clang's
 * __has_feature): the sanitizer owns malloc and reads the clock under locks
 * of its own (heap.c, device.c). */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define NURT_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define NURT_SANITIZED 1
#endif
#endif
#ifndef NURT_SANITIZED
#define NURT_SANITIZED 0
#endif

/* Debug builds (no NDEBUG: the sanitizer builds) check what the runtime
 * assumes: that the table lock is held, each entry's invariants (sync.c). */
#ifdef NDEBUG
#define NURT_ASSERT(cond, what) ((void)0)
#else
#define NURT_ASSERT(cond, what) ((cond) ? (void)0 : nurt_internal_error(__FILE__, __LINE__, what))
#endif
#define NURT_LOCKED() NURT_ASSERT(nurt_lock_held(), "the array table's lock is not held")
void nurt_check(cl_int err, const char *call, const nurt_where *w);
void nurt_check_event_status(cl_int status, const char *what, const nurt_where *w);
extern int nurt_dying;   /* atomic; set by nurt_fatal and at exit: no second exit() */
extern int nurt_failing; /* atomic; set by nurt_fatal: faults only open their pages */

/* device.c */
enum { NURT_MAX_DEVICES = 16 };
typedef struct nurt_cl {
  int ready; /* context and queue exist */
  cl_platform_id platform;
  cl_device_id device;
  cl_context context;
  cl_command_queue queue;
  char device_name[256];
  char platform_name[256];
  /* NU_DEVICES=N|all: the devices a launch may be split over, [0] the one
   * above, the others of its platform and type; one context holds them all,
   * each has a queue of its own.  ndevices is 1 without NU_DEVICES. */
  int ndevices;
  cl_device_id devices[NURT_MAX_DEVICES];
  cl_command_queue queues[NURT_MAX_DEVICES];
  /* NU_DEVICES > 1: each device's queue of early reads (multi.c), beside
   * its queue of kernels, so that a read waits for its part's kernel but
   * the device's next part does not wait for the read */
  cl_command_queue early[NURT_MAX_DEVICES];
  char names[NURT_MAX_DEVICES][256];
} nurt_cl;
extern nurt_cl nurt_g;
void nurt_device_init(void); /* idempotent; exits on failure */
/* The start-up thread: the device chosen and started, then `then` run (the
 * programs built), on a thread of its own while the program sets itself up.
 * 0 where it did not start one (NU_START=0, started before, no thread): the
 * caller then does the work itself.  A constructor's start takes the thread
 * with NU_START=1 only; a start ahead (ahead: NU_HOST_FIRST's question asked
 * at main's start) unless NU_START=0 or another value: whether it would is
 * nurt_device_thread_wanted. */
int nurt_device_start(void (*then)(void), int ahead);
int nurt_device_thread_wanted(int ahead);
void nurt_device_join(void); /* waits for the start-up thread, if any */
/* The same, at a clock read on the thread that started it only, and not
 * under nurt's lock (clock.c) */
void nurt_device_join_owner(void);
int nurt_device_up(void); /* joined, and the device is up */
/* the device was chosen, or the start-up thread began: NU_HOST_FIRST's
 * nests launch from then on (hostfirst.c) */
int nurt_device_begun(void);
/* The device is up, without waiting: 0 while the start-up thread runs.
 * Nothing is on the device until a launch, and a launch joins first. */
int nurt_device_ready(void);
void nurt_device_after_first_launch(void); /* waits once, re-registers the exit handler */
void nurt_finish(const nurt_where *w);     /* clFinish, then read events; lock held */
/* The exit work of the floors above device.c, in the order it runs: each
 * registers its own when the library loads, so that device.c never calls
 * up.  Before the first step the queue is drained; after the last the
 * profile's records, the queue and the context are released. */
typedef enum {
  NURT_EXIT_REPORT,  /* launch.c: the NU_PROFILE report (lock held) */
  NURT_EXIT_ARRAYS,  /* arrays.c: protected arrays back on the host, the table released */
  NURT_EXIT_MODULES, /* launch.c: kernels, programs, partials, snapshots released */
  NURT_EXIT_STEPS
} nurt_exit_step;
void nurt_device_at_exit(nurt_exit_step step, void (*fn)(void));
/* fn runs after every nurt_finish, in the thread that waited (clock.c). */
void nurt_device_on_finish(void (*fn)(void));

/* occupancy.c: register caps on NVIDIA devices */
typedef struct nurt_occ_device {
  int regs_per_sm;    /* 32-bit registers of an SM */
  int threads_per_sm; /* resident work-items of an SM */
} nurt_occ_device;
/* The registers ptxas gave `kernel` in a build log of -cl-nv-verbose; 0
 * when the log does not say. */
int nurt_occ_registers(const char *log, const char *kernel);
/* The register cap (-cl-nv-maxrregcount) that fits one more work-group of
 * `threads` work-items per SM than `regs` registers do, cutting at most an
 * eighth of them; 0 when there is none. */
int nurt_occ_cap(int regs, size_t threads, const nurt_occ_device *d);
/* A reduction's work-items along its outermost loop of n iterations
 * (nurt_red_items): a multiple of `local` striding over 32 iterations
 * each, or over 16, 8, ... while that leaves fewer than `floor` work-items
 * in all, `others` per iteration (0: always 32). */
size_t nurt_occ_red_items(long long n, size_t local, size_t others, size_t floor);
/* The register counts of a build log kept across processes (NVIDIA's
 * compile cache returns binaries without a log): the key of a program's
 * source, options, device and driver; the kept lines, malloc'd, or NULL;
 * keeping a log's lines. */
uint64_t nurt_occ_key(const char *const *parts, size_t n);
char *nurt_occ_load(uint64_t key);
void nurt_occ_store(uint64_t key, const char *log);

/* arrays.c */
typedef enum {
  NURT_HOST_FRESH,   /* host copy fresh, device copy stale */
  NURT_DEVICE_FRESH, /* device copy fresh, host copy stale */
  NURT_BOTH          /* both copies equal */
} nurt_state;
typedef enum { NURT_GUARD_UNKNOWN, NURT_GUARD_NO, NURT_GUARD_YES } nurt_guard;

/* One host array's device copy (issue 25 §1): [base, base + bytes) on the
 * host, one buffer of the same size on the device.  Its bytes are tiled by
 * pieces (nurt_entry), each with a state of its own, so that a host
 * statement touching one element, or a kernel writing one row, changes the
 * state of the pages that hold them and not of the whole array.  Whether
 * its pages may be protected is decided once for the whole array (guard),
 * again each time every piece is back to host-fresh. */
typedef struct nurt_buf {
  char *base;
  size_t bytes;
  cl_mem mem;
  size_t pieces; /* entries pointing at it */
  size_t live;   /* of them, not host-fresh */
  nurt_guard guard;
  /* guard YES: the pages [glo, ghi) it owns; `head`, when set, is glo and
   * that page also holds the malloc header.  Pieces meet only at page
   * boundaries strictly inside (glo, ghi), so each owns whole pages. */
  uintptr_t glo, ghi, head;
  /* Memory nurt cannot protect (guard NO: stack, heap arena, small statics):
   * the host bytes as they were when the device copy last matched them,
   * for the pieces that are not host-fresh (nurt_entry.shadowed).  A launch
   * compares them with the host's, so that a write nucc did not see is found
   * (SPEC §5: a copy is skipped only with proof); uploads of such memory
   * read this copy, not the host's. */
  char *shadow;
  /* A heap or static array's host pages as a buffer of their own
   * (CL_MEM_USE_HOST_PTR), which the driver pins: large uploads go through
   * it at the pinned rate (copies.c).  Over [mirror_lo, mirror_hi): a heap
   * block's pages, a static array's pages it alone holds.  Valid while the
   * memory at base is allocation mirror_gen. */
  cl_mem mirror;
  uintptr_t mirror_lo, mirror_hi;
  unsigned long mirror_gen;
  int mirror_failed; /* the driver refused: plain copies from now on */
  /* NU_DEVICES: the array's copies on the other devices and which device
   * holds each range's current bytes (multi.c); NULL: all on mem's device */
  struct nurt_peers *peers;
} nurt_buf;

typedef struct nurt_entry {
  char *base; /* host range [base, base + bytes), within buf's */
  size_t bytes;
  nurt_buf *buf; /* the array's device copy, shared with its other pieces */
  nurt_state state;
  nurt_where writer;       /* last kernel that wrote it */
  cl_event upload;         /* pending host-to-device copy, or NULL */
  unsigned long upload_no; /* its place on the in-order queue */
  nurt_arrec *prof;        /* NULL unless NU_PROFILE=1; shared by the pieces */
  /* Lazy synchronisation (sync.c): the pages [glo, ghi) the piece owns are
   * protected to match its state; `head`, when set, is glo and that page
   * also holds the malloc header.  Edges (bytes outside [glo, ghi)) are not
   * protected: `loose` says the host may have written them since. */
  uintptr_t glo, ghi, head;
  int prot, head_prot; /* PROT_* now on the body and on the head page */
  int loose;
  char *snap;   /* the edges as the device has them, while loose (or NULL) */
  int shadowed; /* buf->shadow holds this piece's bytes (guard NO, off the host) */
} nurt_entry;

/* The states and the guard asked by name, as Lua's lgc.c asks iswhite(o):
 * code outside sync.c reads an entry's state only through these. */
static inline int nurt_is_host_fresh(const nurt_entry *e) { return e->state == NURT_HOST_FRESH; }
static inline int nurt_is_device_fresh(const nurt_entry *e) {
  return e->state == NURT_DEVICE_FRESH;
}
static inline int nurt_is_both(const nurt_entry *e) { return e->state == NURT_BOTH; }
/* The device copy is current (both or device-fresh): the host's may not be. */
static inline int nurt_on_device(const nurt_entry *e) { return e->state != NURT_HOST_FRESH; }
/* Its pages are protected to match its state (its array's guard YES). */
static inline int nurt_is_guarded(const nurt_entry *e) { return e->buf->guard == NURT_GUARD_YES; }
/* Where addr lies in the entry's device buffer. */
static inline size_t nurt_off(const nurt_entry *e, uintptr_t addr) {
  return addr - (uintptr_t)e->buf->base;
}
/* A zeroed entry (calloc) is host-fresh, and a zeroed buffer not yet
 * classified: arrays.c creates them so, and only sync.c's transitions
 * change either field. */
_Static_assert(NURT_HOST_FRESH == 0 && NURT_GUARD_UNKNOWN == 0, "a zeroed entry is host-fresh");

/* table.c: the entries (callers hold nurt_lock) */
nurt_entry *nurt_table_at(size_t i); /* the i-th entry, NULL past the last: for walks */
size_t nurt_table_count(void);
/* Entries are kept in address order. */
nurt_entry *nurt_table_find(const void *ptr, size_t bytes);   /* the one holding all of it */
size_t nurt_table_index(const nurt_entry *e);                 /* its place in the walk */
size_t nurt_table_first_after(uintptr_t addr);                /* the first ending after addr */
int nurt_guarded_below(uintptr_t lo, uintptr_t hi, int need); /* a page below PROT `need` */
void nurt_table_add(nurt_entry *e);
void nurt_table_remove_at(size_t i); /* the ones after it move up */
void nurt_table_release(void);       /* at exit, once every entry is gone */
/* A table of rows (rows.c) whose rows lie in one block: `row` one of them
 * (NULL: no longer so).  Host code that names the table reaches the block's
 * entry through it (sync.c's nurt_host_access_at). */
void nurt_table_rows_note(const void *table, const void *row);
const void *nurt_table_rows_of(const void *table);

/* arrays.c: entries created, merged and dropped (callers hold nurt_lock) */
nurt_entry *nurt_arrays_acquire(const void *ptr, size_t bytes, const nurt_where *w);
void nurt_arrays_mark_written(const void *ptr, size_t bytes, const nurt_where *w);
cl_mem nurt_arrays_dummy(const nurt_where *w);

/* copies.c: data between host and device, protection left as it is
 * (callers hold nurt_lock); sync.c decides which copy and opens pages */
void nurt_copy_up(nurt_entry *e, uintptr_t lo, uintptr_t hi, int blocking,
                  const nurt_where *w); /* host [lo, hi) into e; async unless blocking */
void nurt_upload_from(nurt_entry *e, const void *src, const nurt_where *w); /* all of e, async */
void nurt_copy_down(nurt_entry *e, uintptr_t lo, uintptr_t hi);             /* blocking */
/* Through /proc/self/mem and a bounce buffer, whatever the pages'
 * protection; blocking.  0 when /proc/self/mem cannot be used. */
/* One copy of an entry's bytes, counted for nurt_get_stats and NU_PROFILE
 * (a reduction's partials read back by launch.c's fold count on their
 * result block); the lock held. */
void nurt_copies_count(nurt_entry *e, int to_host, size_t bytes);
int nurt_copy_staged(nurt_entry *e, int to_host, uintptr_t lo, uintptr_t hi, const nurt_where *w);
/* Blocking copy back into e's pages as they are, protected or not, where
 * the driver DMAs into its pinned mirror without touching them; 0: it
 * cannot (no mirror, or a driver that copies on the CPU) */
int nurt_copy_direct(nurt_entry *e, uintptr_t lo, uintptr_t hi);
/* Before b's pages first close: its mirror made while the driver can pin
 * them, for nurt_copy_direct later (an array the device writes before any
 * upload has none yet). */
void nurt_mirror_before_closing(nurt_buf *b);
void nurt_mirror_release(nurt_buf *b); /* none from now on, until made again */
void nurt_wait_upload(nurt_entry *e);
void nurt_join_uploads(nurt_entry *into, nurt_entry *from); /* from's pending upload too */
void nurt_wait_uploads_on(uintptr_t lo, uintptr_t hi);      /* uploads reading [lo, hi) */
void nurt_copies_release(void);                             /* at exit */
/* GB/s of a copy each way through pinned host memory (NU_PROFILE's
 * reference for the program's copies); 0 where not measured. */
void nurt_copies_pinned_rates(double *up, double *down);

/* multi.c: NU_DEVICES, an array's ranges on several devices (offsets into
 * its buffer; callers hold nurt_lock).  Without a split launch every range
 * is on device 0 and these do nothing. */
typedef struct {
  unsigned long launches;
  double seconds;
  unsigned long long bytes_in, bytes_out; /* between devices; device 0 adds the host's */
} nurt_multi_counts;
extern nurt_multi_counts nurt_multi_stats[NURT_MAX_DEVICES];
extern unsigned long long nurt_multi_halo_bytes; /* moved between devices */
extern unsigned long nurt_multi_halo_copies;
/* The buffer's copy on device dev (made at first use; 0: b->mem). */
cl_mem nurt_multi_mem(nurt_buf *b, int dev, const nurt_where *w);
/* Device dev's copy is made current over [lo, hi), from whichever holds it. */
void nurt_multi_need(nurt_buf *b, int dev, size_t lo, size_t hi, const nurt_where *w);
/* As nurt_multi_need, in two steps: the reads from the other devices start
 * now (returns whether any did), and nurt_multi_arrive enqueues their
 * writes.  Each copy is tagged with nurt_multi_part, the part of the split
 * launch that fetched it (-1: none); part p of device dev waits for the
 * copies tagged p or lower.  nurt_multi_arrive(dev, p, aside) writes them
 * on dev's queue, or, when `aside` is an event, on dev's second queue
 * after that event, and then returns the last write's event (retained)
 * for the part to wait for: the part then need not wait for what dev's
 * queue runs ahead of it. */
int nurt_multi_fetch(nurt_buf *b, int dev, size_t lo, size_t hi, const nurt_where *w);
extern int nurt_multi_part;
cl_event nurt_multi_arrive(int dev, int part, cl_event aside);
int nurt_multi_ready(int dev, int part); /* the reads of part's copies into dev have ended */
int nurt_multi_waits(int dev, int part); /* a copy into dev is tagged for a later part */
/* Early reads (multi.c says why): dev's part wrote b's [lo, hi); the rows of
 * it another device fetched before are read now, once `after` has ended.
 * nurt_multi_launch(1) and (0) bracket a split launch; nurt_multi_writer
 * names the split kernel (split.c's id) whose parts nurt_multi_own is told
 * of, 0 otherwise; nurt_multi_fed(id): another device fetched rows it
 * wrote. */
void nurt_multi_push(nurt_buf *b, int dev, size_t lo, size_t hi, cl_event after,
                     const nurt_where *w);
void nurt_multi_launch(int on);
extern int nurt_multi_writer;
extern unsigned long nurt_multi_early_taken; /* copies whose read was early */
int nurt_multi_fed(int id);
/* Device dev wrote [lo, hi): the others' copies of it are stale. */
void nurt_multi_own(nurt_buf *b, int dev, size_t lo, size_t hi);
/* Before device 0's copy of [lo, hi) is read: the fresh bytes brought in. */
static inline void nurt_multi_gather(nurt_buf *b, size_t lo, size_t hi, const nurt_where *w) {
  if (b->peers)
    nurt_multi_need(b, 0, lo, hi, w);
}
/* After device 0's copy of [lo, hi) is written from the host. */
static inline void nurt_multi_own0(nurt_buf *b, size_t lo, size_t hi) {
  if (b->peers)
    nurt_multi_own(b, 0, lo, hi);
}
void nurt_multi_forget(nurt_buf *b); /* the buffer goes: its other copies too */
void nurt_multi_release(void);       /* at exit, the queues drained: copies' memory freed */

/* sync.c: each entry's protection kept to its state */
/* What happens to an entry; nurt_transition() moves it to its next state by
 * the table in sync.c (docs/runtime.md, "The states"), sets its pages'
 * protection to match, and stops the program on an event its state forbids. */
typedef enum {
  NURT_ON_UPLOADED,     /* the device copy now equals the host's: host-fresh → both */
  NURT_ON_KERNEL_WROTE, /* a launch writes it: both, device-fresh → device-fresh */
  NURT_ON_COPIED_BACK,  /* the host copy now equals the device's: device-fresh → both */
  NURT_ON_HOST_WRITES,  /* the host may write it now: host-fresh, both → host-fresh */
  NURT_ON_FORGOTTEN,    /* its data no longer matters (free, merged, exit): → host-fresh */
  NURT_ON_DEVICE_KEPT,  /* NU_VERIFY put the host's bytes aside: → device-fresh, as
                           the run without the check would be */
  NURT_ON_COUNT
} nurt_event;
void nurt_transition(nurt_entry *e, nurt_event ev);
void nurt_protect(nurt_entry *e, int body, int head); /* PROT_* of its pages, head page */
/* Copies that respect protection: through /proc/self/mem, or with the pages
 * opened meanwhile and closed again. */
void nurt_upload(nurt_entry *e, uintptr_t lo, uintptr_t hi, const nurt_where *w);
void nurt_read_back(nurt_entry *e, uintptr_t lo, uintptr_t hi); /* blocking */
void nurt_copy_back(nurt_entry *e);                         /* the stale host bytes; then BOTH */
void nurt_host_fresh(nurt_entry *e);                        /* the host is about to write */
void nurt_unguard(nurt_entry *e);                           /* pages read-write, entry unchanged */
void nurt_upload_edges(nurt_entry *e, const nurt_where *w); /* the loose ones the host changed */
void nurt_upload_whole(nurt_entry *e, const nurt_where *w); /* host-fresh e goes up; then BOTH */
/* A launch needs e on the device: an unprotected entry whose host bytes
 * changed since its shadow goes up again (both), or stops the program
 * (device-fresh: the device's newer data and the host's write cannot both
 * be kept). */
void nurt_check_unseen(nurt_entry *e, const nurt_where *w);
void nurt_sync_check(void); /* debug builds: every entry's invariants (else nothing) */
/* NU_VERIFY: the array at ptr is state `s` again after the check (the
 * device's copy was left as the kernels made it). */
void nurt_sync_reinstate(const void *ptr, size_t bytes, nurt_state s);
nurt_state nurt_sync_state_of(const void *ptr); /* host-fresh where unknown */
/* A launch uses [lo, hi) of b: the stale pieces there go up, the others are
 * checked for host writes nucc could not see. */
void nurt_sync_for_launch(nurt_buf *b, uintptr_t lo, uintptr_t hi, const nurt_where *w);
/* The launch's kernel writes [lo, hi) of b. */
void nurt_sync_written(nurt_buf *b, uintptr_t lo, uintptr_t hi, const nurt_where *w);
/* sync.c serves guard.c's faults through a nurt_guard_server it registers. */

/* guard.c: page protection, the SIGSEGV handler, the table lock */
void nurt_lock(void);
void nurt_unlock(void);
int nurt_lock_held(void);  /* by this thread */
int nurt_guard_on(void);   /* NU_LAZY: protection may be used */
uintptr_t nurt_page(void); /* page size */
/* Nonzero when [p, p + bytes) is static storage (a writable segment of an
 * object loaded, past its RELRO part): which loading of it, as
 * nurt_heap_generation says which allocation. */
unsigned long nurt_static_generation(const void *p, size_t bytes);
/* The pages of [lo, hi) that may be protected: 0 when none (stack, heap arena,
 * unknown memory).  *head is set when the first page holds a malloc header. */
int nurt_guard_candidate(uintptr_t lo, uintptr_t hi, uintptr_t *glo, uintptr_t *ghi,
                         uintptr_t *head);
/* The bytes from p to the end of its heap block: one heap.c recorded, as
 * asked for (*exact set), or a block glibc's malloc served with its own
 * mmap (large arrays, p its start), to the end of its pages; else 0. */
size_t nurt_heap_block_bytes(const void *p, int *exact);
int nurt_guard_protect(uintptr_t lo, uintptr_t hi, int prot); /* mprotect; 0 or -1 */
extern uintptr_t nurt_guard_pc;     /* while a fault is served: its instruction, or 0 */
void nurt_guard_keep_handler(void); /* reinstall the handler if the program replaced it */
/* What the layer above does with what the guard catches; registered, so that
 * the guard never calls up (STYLE.md, the runtime's layering). */
typedef struct nurt_guard_server {
  /* A fault at addr on a page it protected (write: 1, 0, -1 unknown); 1 if
   * served.  Called with the lock held. */
  int (*fault)(uintptr_t addr, int write);
  /* A system call will read (write == 0) or write [lo, hi).  Lock held. */
  void (*range)(uintptr_t lo, uintptr_t hi, int write);
  /* No device (forked child, failing process): open the pages on [lo, hi)
   * without copying; 1 if some were opened.  Lock held, except in a child. */
  int (*open)(uintptr_t lo, uintptr_t hi);
  /* Before fork(): bring back what only the device holds.  Lock held. */
  void (*before_fork)(void);
} nurt_guard_server;
void nurt_guard_serve(const nurt_guard_server *s);
/* A failing process: every protected page opened, without the lock (exit
 * handlers after nurt's, LeakSanitizer's scan among them, read them). */
void nurt_guard_open_all(void);
/* io.c's wrapper of `call` will hand [lo, hi) to the kernel: pages made
 * readable (write == 0) or writable first, copied back as needed. */
void nurt_guard_io(uintptr_t lo, uintptr_t hi, int write, const char *call);

/* closed.c: the protected page runs, for questions asked without the lock */
void nurt_closed_set(uintptr_t lo, uintptr_t hi, int prot); /* after each mprotect */
int nurt_closed_any(uintptr_t lo, uintptr_t hi, int need);  /* a page below PROT `need` */
size_t nurt_closed_runs(void);                              /* runs in the set: for tests */
/* Copies to or from memory whatever its protection (0, or -1: not possible). */
int nurt_guard_poke(uintptr_t dst, const void *src, size_t n);
int nurt_guard_peek(void *dst, uintptr_t src, size_t n);
/* Faults on [lo, hi) from now on only open their page and are counted, in
 * any thread (copies.c's probe of the driver); end: how many there were. */
void nurt_guard_probe_begin(uintptr_t lo, uintptr_t hi);
int nurt_guard_probe_end(void);

/* io.c: read, write, fread, send, ... wrapped (see the file) */
void nurt_io_link(void);   /* does nothing: keeps io.c in a static link */
void nurt_heap_link(void); /* the same for heap.c */
/* p (*cap elements of elem bytes) reallocated to twice as many (8 at
 * first), *cap updated; out of memory is fatal (heap.c). */
void *nurt_grow(void *p, size_t *cap, size_t elem);
/* Blocks of at least this many bytes are recorded by heap.c. */
#define NURT_HEAP_MIN 32
#define NURT_HEAP_MIN_TEXT "32"
/* The heap block that p points into, [*lo, *lo + *bytes): 1, or 0 when p
 * is in no block heap.c recorded (under a sanitizer: p is no block's start). */
int nurt_heap_block(const void *p, uintptr_t *lo, size_t *bytes);
int nurt_heap_tracked(void); /* 0 under a sanitizer: block starts only */
/* Which allocation the block starting at p is (a block freed and allocated
 * again at the same address is another); 0 for a block not recorded. */
unsigned long nurt_heap_generation(const void *p);
/* objects.c: the static object (an array at file scope, of the executable
 * or a shared library) that holds p, from the ELF symbol tables. */
int nurt_static_object(const void *p, uintptr_t *lo, size_t *bytes);

/* clock.c: clock_gettime, gettimeofday, clock, ... wrapped (see the file).
 * Each concerns the calling thread. */
void nurt_clock_busy(int on);    /* 1: inside nurt, calling OpenCL without the lock */
void nurt_clock_launched(void);  /* a launch is queued (and busy is over) */
double nurt_clock_seconds(void); /* a monotonic clock, the C library's own */

/* hostfirst.c: whether module m's constructor leaves the device to the
 * first launch (every nest of m asks NU_HOST_FIRST, which is on); asked
 * only outside NU_DEVICE=host */
int nurt_host_first_defers(const nurt_module *m);
/* NU_HOST_FIRST's question asked at main's start for the nest at m's
 * `line` (nurt_host_first_ahead, launch.c): 1 where its site will launch,
 * as predicted before any nest ran; then every nest launches, as after
 * nurt_host_first stopped, and NU_PROFILE says so. */
int nurt_host_first_starts_ahead(const nurt_module *m, int line, double work, double times,
                                 double later);

/* launch.c */
/* A buffer argument, set at nurt_launch_end: a later argument of the same
 * launch may merge its entry into a new one. */
typedef struct {
  const void *ptr; /* where the kernel's pointer points */
  const void *lo;  /* the first byte it may touch (below ptr for a[-1]) */
  size_t bytes;
  int mode;
  int result;    /* a reduction's result block (nurt_red_result) */
  cl_uint index; /* of the cl_mem; the offset follows */
  /* what the kernel writes (nurt_arg_writes): [wlo, wlo + wbytes), within
   * [lo, lo + bytes); the whole range unless narrowed */
  const void *wlo;
  size_t wbytes;
} nurt_bufarg;

/* NU_DEVICES: one part of a split launch (split.c), on device `dev`: the
 * iterations [first, end) of the outermost mapped loop, run by `items`
 * work-items of the outermost NDRange dimension from global id `first`
 * (fewer than the iterations where the kernel strides over them). */
typedef struct {
  size_t first, end, items;
  int dev;
  int again; /* set at its launch: a part of its device ran before it (its reductions add on) */
} nurt_part;
/* What part p touches of buffer argument i, relative to its pointer. */
typedef struct {
  long long lo, wlo;
  size_t bytes, wbytes;
} nurt_region;

/* nurt is single-threaded: one launch is under construction at a time. */
struct nurt_launch {
  nurt_kernel *k;
  nurt_where where;
  cl_uint next_arg;
  size_t local_bytes; /* the __local arguments' sizes, summed */
  nurt_bufarg *bufs;
  size_t nbufs, cap;
  const char *names;          /* the buffers' source names, "a\0b\0", for NU_PROFILE */
  struct nurt_rows **scatter; /* gathered tables the kernel writes: back after the launch */
  size_t nscatter, capscatter;
  /* the launch's reductions (nurt_red_result) and device scratch, which
   * each device of a split launch gets its own of (launch.c) */
  struct nurt_launch_red {
    nurt_red *r;
    const void *key;
    size_t bytes;
    void *res;
    int acc; /* as the stub set it, for device 0; 2: the partials are left (nurt_red_result) */
    int buf; /* its argument in bufs, -1 until set */
    void *more[NURT_MAX_DEVICES]; /* other devices' blocks, this launch */
  } reds[8];
  int nreds;
  struct nurt_launch_scratch {
    const void *key;
    size_t bytes;
    cl_uint index;
  } scratch[8];
  int nscratch;
  /* large private arrays: a slice of `bytes` per work-item, sized at
   * nurt_launch_end, when the global size is final */
  struct nurt_launch_private {
    const void *key;
    size_t bytes;
    cl_uint index;
  } privs[8];
  int nprivs;
  int left;   /* a reduction's partials left for the host (nurt_arg_partials) */
  int nparts; /* > 1: split over devices (split.c) */
  int narg;   /* the kernel argument that holds the iterations' count */
  nurt_part parts[NURT_MAX_DEVICES];
  nurt_region *regions; /* nparts x nbufs, part by part */
  size_t capregions;
};
/* While on, launches run their kernels built without contraction (each
 * a*b + c rounded twice, as C without FMA): NU_VERIFY's rerun. */
void nurt_launch_exact(int on);
/* Whether m's program already forbids contraction (nucc -ffp-contract=off). */
int nurt_module_exact(const nurt_module *m);

/* split.c: a launch over the devices of NU_DEVICES (nurt_split_plan and
 * the rest are nurt.h's); 1 when it ran split, 0 when launch.c runs it */
/* launch.c's clSetKernelArg, skipped when the argument holds the value */
typedef void (*nurt_set_arg)(nurt_launch *l, cl_uint i, size_t size, const void *value);
/* launch.c's arguments of part p that are per device: a reduction's result
 * block, its accumulate flag and scratch (lock held) */
typedef void (*nurt_part_args)(nurt_launch *l, int p, int dev);
int nurt_split_launch(nurt_launch *l, unsigned dims, const size_t *global, const size_t *local,
                      nurt_set_arg set_arg, nurt_part_args part_args);
/* Before a launch on device 0 alone: the ranges it reads brought there; after
 * it, those it wrote there only. */
void nurt_split_before_one(nurt_launch *l);
void nurt_split_after_one(nurt_launch *l, cl_event ev); /* before ev goes to the profile */
/* NU_PROFILE: the line of each device and the kernels kept on one. */
void nurt_split_report(FILE *out, const nurt_kernel *kernels);
void nurt_split_release(nurt_kernel *k);
void nurt_split_release_all(nurt_launch *l); /* at exit */

/* rows.c: tables of rows (T **, T ***) a kernel subscripts through */
typedef struct nurt_rows nurt_rows;
/* Reads the table's row pointers (counts as nurt_arg_rows's): where the
 * rows lie, and the offset table the kernel needs.  Rows that share memory
 * in a table the kernel writes (mode NURT_OUT) stop the program. */
nurt_rows *nurt_rows_read(const void *table, int levels, const long long *counts, size_t esize,
                          int mode, const char *name, const nurt_where *w);
/* 1 when every row lies in one heap block: [*lo, *lo + *bytes) is then an
 * ordinary array of the launch, the offsets relative to *lo. */
int nurt_rows_block(const nurt_rows *r, const void **lo, size_t *bytes);
/* The offset table on the device, uploaded only when it changed. */
cl_mem nurt_rows_offsets(nurt_rows *r, const nurt_where *w);
/* Not in one block: the rows gathered into a device buffer (blocking), and
 * after a kernel that wrote them, scattered back (blocking; lock not held). */
cl_mem nurt_rows_gather(nurt_rows *r, const nurt_where *w);
void nurt_rows_scatter(nurt_rows *r, const nurt_where *w);
void nurt_rows_release_all(void); /* at exit */

/* profile.c */
enum { NURT_EV_KERNEL, NURT_EV_TO_DEVICE, NURT_EV_TO_HOST };
extern nurt_stats nurt_counters;
int nurt_profile_enabled(void);
void nurt_prof_push(cl_event ev, int kind, void *rec); /* takes ev */
void nurt_prof_drain(int all);                         /* read finished events; all: every event */
void nurt_prof_launched(nurt_kernel *k);               /* a launch without an event */
/* A wait returned err: CL_SUCCESS clears the suspects; else a fatal error
 * that lists them (or names w, with none) */
void nurt_prof_waited(cl_int err, const char *call, const nurt_where *w);
double nurt_prof_event_seconds(
    cl_event ev); /* its command's run time from the queue's profiling; 0 if not known */
nurt_arrec *nurt_prof_array(const void *base, size_t bytes, const nurt_where *first);
/* The reason of the copies started until the next call (lock held). */
void nurt_prof_cause(int kind, const char *file, int line, const char *name);
void nurt_prof_cause_pc(uintptr_t pc);                          /* a fault's instruction */
void nurt_prof_count(nurt_arrec *r, int to_host, size_t bytes); /* one copy, for its cause */
/* The link's rate each way (GB/s), measured at exit, that the report rates
 * the program's copies against; 0: not known. */
void nurt_prof_reference(double up, double down);
/* The start-up thread's time (device started, programs built) and how much
 * of it the program waited for, first at `at` ("a launch", "a clock read",
 * "exit", ...; NULL: never), in seconds. */
void nurt_prof_start(double ran, double waited, const char *at);
/* NU_HOST_FIRST: n nests ran on the host in `spent` s of the budget; then
 * the nest at file:line (NULL: none yet, or a nest that does not ask)
 * started the device, predicted at `predicted` s (-1: it had started; -2:
 * the nests after it could not be counted). */
void nurt_prof_host_first(unsigned long n, double spent, double budget, const char *file, int line,
                          double predicted);
/* NU_HOST_FIRST asked at main's start: the nest at file:line, predicted at
 * `predicted` s (-2: the nests after it could not be counted), started the
 * device beside main. */
void nurt_prof_host_first_ahead(double budget, const char *file, int line, double predicted);
/* kernels: every one launched; wide_bytes: the size from which a launch ran
 * the wide build (launch.c's, passed down: the profile asks nobody) */
void nurt_prof_report(FILE *out, const char *device, const char *platform,
                      const nurt_kernel *kernels, long long wide_bytes);
void nurt_prof_release(void);

#endif
