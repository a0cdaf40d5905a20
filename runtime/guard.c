/* guard.c — the machinery of lazy synchronisation: whether page protection
 * is on (NU_LAZY), which pages of an array may be protected, mprotect, and
 * the SIGSEGV handler that hands faults on those pages to sync.c and chains
 * every other fault to the program's own handler (or the default action).
 * Also the lock on the array table, which the handler may take in any thread. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <ucontext.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "nurt_internal.h"

#if defined(__SANITIZE_ADDRESS__)
#define NURT_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NURT_ASAN 1
#endif
#endif
#ifndef NURT_ASAN
#define NURT_ASAN 0
#endif

#define TLS __thread __attribute__((tls_model("initial-exec")))

static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
/* This thread holds the lock.  Thread-local, so no other thread reads it,
 * and initial-exec, so the signal handler may read it. */
static TLS int holding;

void nurt_lock(void) {
  pthread_mutex_lock(&mutex);
  holding = 1;
}

void nurt_unlock(void) {
  NURT_LOCKED();
  holding = 0;
  pthread_mutex_unlock(&mutex);
}

int nurt_lock_held(void) { return holding; }

/* This thread holds the lock: a fault now is inside nurt itself. */
static int mine(void) { return holding; }

uintptr_t nurt_page(void) {
  static uintptr_t page;
  if (!page)
    page = (uintptr_t)sysconf(_SC_PAGESIZE);
  return page;
}

static uintptr_t down(uintptr_t a) { return a & ~(nurt_page() - 1); }
static uintptr_t up(uintptr_t a) { return down(a + nurt_page() - 1); }

static int broken; /* the handler could not be installed */

/* NU_LAZY=0 turns protection off, NU_LAZY=1 on; by default it is on except
 * under Valgrind (its preload library is in LD_PRELOAD), which does not hand
 * a fault in a second thread to the handler with its address. */
int nurt_guard_on(void) {
  static int on = -1;
  if (on < 0) {
    const char *s = getenv("NU_LAZY"), *pre = getenv("LD_PRELOAD");
    if (s && *s)
      on = strcmp(s, "0") != 0;
    else
      on = !(pre && strstr(pre, "vgpreload"));
  }
  return on && !broken;
}

/* The calling thread's stack: never protected, the handler runs on it. */
static int on_stack(uintptr_t lo, uintptr_t hi) {
  static TLS uintptr_t slo, shi;
  static TLS int known;
  if (!known) {
    pthread_attr_t a;
    void *addr;
    size_t size;
    known = 1;
    if (pthread_getattr_np(pthread_self(), &a) == 0) {
      if (pthread_attr_getstack(&a, &addr, &size) == 0) {
        slo = (uintptr_t)addr;
        shi = slo + size;
      }
      pthread_attr_destroy(&a);
    }
  }
  return lo < shi && slo < hi;
}

typedef struct {
  uintptr_t lo, hi;
  int found;
  unsigned long long subs; /* objects unloaded so far, as the loader counts them */
} seg_query;

static int in_segment(struct dl_phdr_info *info, size_t size, void *data) {
  seg_query *q = data;
  if (size >= offsetof(struct dl_phdr_info, dlpi_subs) + sizeof info->dlpi_subs)
    q->subs = info->dlpi_subs;
  uintptr_t rlo = 0, rhi = 0;
  for (int i = 0; i < info->dlpi_phnum; i++)
    if (info->dlpi_phdr[i].p_type == PT_GNU_RELRO) {
      rlo = info->dlpi_addr + info->dlpi_phdr[i].p_vaddr;
      rhi = rlo + info->dlpi_phdr[i].p_memsz;
    }
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *p = &info->dlpi_phdr[i];
    uintptr_t s = info->dlpi_addr + p->p_vaddr, e = s + p->p_memsz;
    if (p->p_type == PT_LOAD && (p->p_flags & PF_W) && q->lo >= s && q->hi <= e &&
        !(q->lo < rhi && rlo < q->hi)) {
      q->found = 1;
      return 1;
    }
  }
  return 0;
}

/* A global or static array: in a writable segment of a loaded object.  Only
 * the pages it covers whole are its own (others hold other variables). */
static int global_pages(uintptr_t lo, uintptr_t hi, uintptr_t *glo, uintptr_t *ghi) {
  seg_query q = {lo, hi, 0, 0};
  dl_iterate_phdr(in_segment, &q);
  *glo = up(lo);
  *ghi = down(hi);
  return q.found && *glo < *ghi;
}

/* A static array's memory stays the same array for as long as its object
 * is loaded, so its generation counts only the objects unloaded: after a
 * dlclose a mirror made before is made again (copies.c), never reused over
 * pages that may now be something else. */
unsigned long nurt_static_generation(const void *p, size_t bytes) {
  seg_query q = {(uintptr_t)p, (uintptr_t)p + bytes, 0, 0};
  dl_iterate_phdr(in_segment, &q);
  return q.found ? ~0UL - (unsigned long)q.subs : 0;
}

/* With glibc, an array that malloc served with its own mmap: the header
 * (prev_size = offset from the mapping, size | IS_MMAPPED) sits before it and
 * the mapping holds nothing else.  Returns the chunk's size (header
 * included) when the block's user bytes start at `lo`, with *c the header's
 * address; else 0. */
static size_t mmapped_chunk(uintptr_t lo, uintptr_t *c) {
#if defined(__GLIBC__) && !NURT_ASAN
  size_t h[2];
  uintptr_t p = nurt_page();
  *c = lo - sizeof h;
  if (lo < p || *c % sizeof(size_t))
    return 0;
  struct iovec mine = {h, sizeof h}, theirs = {(void *)*c, sizeof h};
  if (process_vm_readv(getpid(), &mine, 1, &theirs, 1, 0) != (ssize_t)sizeof h) {
    if (errno == EFAULT || down(*c) != down(lo))
      return 0;
    memcpy(h, (const void *)*c, sizeof h); /* on the array's own page: readable */
  }
  size_t size = h[1] & ~(size_t)7;
  if ((h[1] & 7) != 2 || h[0] >= ((size_t)1 << 30) || (*c - h[0]) % p || (h[0] + size) % p ||
      size < sizeof h)
    return 0;
  if (msync((void *)(*c - h[0]), h[0] + size, MS_ASYNC) != 0)
    return 0; /* not all mapped: not what the header says */
  return size;
#else
  (void)lo, (void)c;
  return 0;
#endif
}

/* Every page of such a block from the header's on is its own.  Arrays in a
 * malloc arena are never protected: malloc touches the pages around them,
 * holding locks the driver needs to copy data back. */
static int mmapped_pages(uintptr_t lo, uintptr_t hi, uintptr_t *glo, uintptr_t *ghi) {
  uintptr_t c;
  size_t size = mmapped_chunk(lo, &c);
  if (!size || hi > c + size)
    return 0;
  *glo = down(c);
  *ghi = up(hi) <= c + size ? up(hi) : down(hi);
  return *glo < *ghi;
}

size_t nurt_heap_block_bytes(const void *p, int *exact) {
  uintptr_t c, lo;
  size_t bytes;
  /* heap.c's table first: it knows the size asked for, of blocks under
   * malloc's mmap threshold too (a trisolv's rows, one more per launch) */
  *exact = 1;
  if (nurt_heap_block(p, &lo, &bytes))
    return lo + bytes - (uintptr_t)p;
  /* else a block malloc served with its own mmap (one taken before nurt
   * was loaded): its chunk, rounded up to pages */
  *exact = 0;
  size_t size = mmapped_chunk((uintptr_t)p, &c);
  return size ? c + size - (uintptr_t)p : 0;
}

static int install(void);

int nurt_guard_candidate(uintptr_t lo, uintptr_t hi, uintptr_t *glo, uintptr_t *ghi,
                         uintptr_t *head) {
  *head = 0;
  if (!nurt_guard_on() || hi <= lo || on_stack(lo, hi))
    return 0;
  if (global_pages(lo, hi, glo, ghi))
    return install();
  if (mmapped_pages(lo, hi, glo, ghi)) {
    *head = *glo;
    return install();
  }
  return 0;
}

static unsigned long gen; /* atomic: counts changes of protection */

int nurt_guard_protect(uintptr_t lo, uintptr_t hi, int prot) {
  __atomic_add_fetch(&gen, 1, __ATOMIC_SEQ_CST);
  if (mprotect((void *)lo, hi - lo, prot) != 0)
    return -1;
  nurt_closed_set(lo, hi, prot);
  return 0;
}

/* /proc/self/mem reads and writes pages whatever their protection: copies
 * through it never open a page to the program's other threads.  Reopened in
 * a forked child (the parent's descriptor reaches the parent's memory). */
static int memfd = -1;
static pid_t mempid;

static int mem_fd(void) {
  pid_t pid = getpid();
  if (memfd >= 0 && mempid == pid)
    return memfd;
  if (memfd >= 0)
    close(memfd);
  memfd = open("/proc/self/mem", O_RDWR | O_CLOEXEC);
  mempid = pid;
  return memfd;
}

/* Raw system calls, not pread/pwrite: libnurt itself defines those (io.c),
 * and their wrappers hand the range back to the guard; the fault path and
 * the copies it makes must not run through the layer above. */
static ssize_t raw_io(int write, int fd, void *buf, size_t n, uintptr_t at) {
  _Static_assert(sizeof(long) == 8, "SYS_pread64 takes the offset in one argument on 64-bit Linux");
  return (ssize_t)syscall(write ? SYS_pwrite64 : SYS_pread64, fd, buf, n, (long)at);
}

static int mem_io(int write, uintptr_t addr, void *buf, size_t n) {
  int fd = mem_fd();
  for (size_t done = 0; fd >= 0 && done < n;) {
    ssize_t k = raw_io(write, fd, (char *)buf + done, n - done, addr + done);
    if (k <= 0 && errno != EINTR)
      return -1;
    done += k > 0 ? (size_t)k : 0;
  }
  return fd >= 0 ? 0 : -1;
}

int nurt_guard_poke(uintptr_t dst, const void *src, size_t n) {
  return mem_io(1, dst, (void *)src, n);
}

int nurt_guard_peek(void *dst, uintptr_t src, size_t n) { return mem_io(0, src, dst, n); }

static struct sigaction prev; /* the program's handler, called for other faults */
static int installed;
static void on_segv(int sig, siginfo_t *si, void *ctx);

static void ours(struct sigaction *sa);

/* The program (or a library: LLVM's handler, inside PoCL, puts back the
 * handlers it found when it handles a fault) replaced ours: go in front
 * again, and call theirs for the faults that are not ours. */
static void keep(void) {
  struct sigaction cur, sa;
  if (!installed || sigaction(SIGSEGV, NULL, &cur) != 0)
    return;
  if ((cur.sa_flags & SA_SIGINFO) && cur.sa_sigaction == on_segv)
    return;
  ours(&sa);
  sigaction(SIGSEGV, &sa, &prev);
}

/* Not a fault on our pages: what would have happened without nurt. */
static void chain(int sig, siginfo_t *si, void *ctx) {
  struct sigaction p = prev;
  if ((p.sa_flags & SA_SIGINFO) && p.sa_sigaction) {
    p.sa_sigaction(sig, si, ctx);
    keep();
    return;
  }
  if (!(p.sa_flags & SA_SIGINFO) && p.sa_handler != SIG_DFL && p.sa_handler != SIG_IGN) {
    p.sa_handler(sig);
    keep();
    return;
  }
  struct sigaction dfl;
  memset(&dfl, 0, sizeof dfl);
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  installed = 0;
  sigaction(sig, &dfl, NULL); /* a real fault repeats and kills the process */
  if (si->si_code <= 0)
    raise(sig); /* sent by kill() or raise(): send it again */
}

/* 1 for a write, 0 for a read, -1 when the machine does not say. */
static int write_fault(const void *ctx) {
#if defined(__x86_64__) && defined(REG_ERR)
  return (((const ucontext_t *)ctx)->uc_mcontext.gregs[REG_ERR] & 2) != 0;
#else
  (void)ctx;
  return -1;
#endif
}

/* Where the faulting instruction is, for NU_PROFILE's causes; 0 if unknown. */
static uintptr_t fault_pc(const void *ctx) {
#if defined(__x86_64__) && defined(REG_RIP)
  return (uintptr_t)((const ucontext_t *)ctx)->uc_mcontext.gregs[REG_RIP];
#else
  (void)ctx;
  return 0;
#endif
}

uintptr_t nurt_guard_pc; /* the fault being served (lock held) */

static int forked;                      /* atomic: in a child of fork(): no OpenCL */
static const nurt_guard_server *server; /* set once, before any page is protected */

void nurt_guard_serve(const nurt_guard_server *s) { server = s; }

/* 1 when the faulting access may run again.  In a forked child (one thread)
 * or a failing process the pages only open: the data is on the host (see
 * before_fork) or lost.  Even then the table is walked under the lock: the
 * exit handler releases it under the lock (a fault meanwhile waits, then
 * finds the pages open and runs again). */
static int handle(uintptr_t addr, int write, uintptr_t pc) {
  static TLS uintptr_t last_addr;
  static TLS unsigned long last_gen;
  if (!server)
    return 0; /* nothing of nurt's is protected */
  if (__atomic_load_n(&forked, __ATOMIC_ACQUIRE))
    return server->open(addr, addr + 1);
  int dying = __atomic_load_n(&nurt_failing, __ATOMIC_ACQUIRE);
  if (mine()) /* nurt touched a protected page itself: a bug, let it crash */
    return dying ? server->open(addr, addr + 1) : 0;
  nurt_lock();
  nurt_guard_pc = pc;
  int done = dying ? server->open(addr, addr + 1) : server->fault(addr, write);
  nurt_guard_pc = 0;
  unsigned long g = __atomic_load_n(&gen, __ATOMIC_SEQ_CST);
  nurt_unlock();
  if (done)
    return 1;
  /* Another thread may have opened the page since the fault: try once more.
   * A second fault at the same place with nothing changed is not ours. */
  if (addr == last_addr && g == last_gen)
    return 0;
  last_addr = addr;
  last_gen = g;
  return 1;
}

/* A C library call (io.c) is about to hand [lo, hi) to the kernel, which
 * reads it (write == 0) or writes it, and some page of it is protected: the
 * kernel would fail with EFAULT rather than fault.  Serve it as the handler
 * serves a fault on those pages, before the call. */
void nurt_guard_io(uintptr_t lo, uintptr_t hi, int write, const char *call) {
  if (!server)
    return;
  if (__atomic_load_n(&forked, __ATOMIC_ACQUIRE)) {
    server->open(lo, hi);
    return;
  }
  if (mine())
    nurt_fatal("%s on protected memory [%p, %p) from inside nurt", call, (void *)lo, (void *)hi);
  nurt_lock();
  if (__atomic_load_n(&nurt_failing, __ATOMIC_ACQUIRE))
    server->open(lo, hi);
  else
    server->range(lo, hi, write);
  nurt_unlock();
}

void nurt_guard_open_all(void) {
  if (server)
    server->open(0, UINTPTR_MAX);
}

/* fork(): the child cannot reach the device, so the parent brings back
 * what only the device holds; the table stays locked across the fork. */
static void before_fork(void) {
  nurt_lock();
  if (server)
    server->before_fork();
}
static void after_fork_parent(void) { nurt_unlock(); }
static void after_fork_child(void) {
  __atomic_store_n(&forked, 1, __ATOMIC_RELEASE);
  holding = 0;
  pthread_mutex_init(&mutex, NULL);
}

/* copies.c's probe: is the driver's copy into protected pages a DMA, or a
 * CPU copy that faults (on its own thread or the caller's)?  Its faults are
 * counted and their page opened, with no lock: the caller holds nurt's. */
static uintptr_t probe_lo, probe_hi;
static int probe_faults;

void nurt_guard_probe_begin(uintptr_t lo, uintptr_t hi) {
  __atomic_store_n(&probe_faults, 0, __ATOMIC_SEQ_CST);
  __atomic_store_n(&probe_hi, hi, __ATOMIC_SEQ_CST);
  __atomic_store_n(&probe_lo, lo, __ATOMIC_SEQ_CST);
}

int nurt_guard_probe_end(void) {
  __atomic_store_n(&probe_lo, 0, __ATOMIC_SEQ_CST);
  __atomic_store_n(&probe_hi, 0, __ATOMIC_SEQ_CST);
  return __atomic_load_n(&probe_faults, __ATOMIC_SEQ_CST);
}

static int probed(uintptr_t addr) {
  uintptr_t lo = __atomic_load_n(&probe_lo, __ATOMIC_SEQ_CST);
  if (!lo || addr < lo || addr >= __atomic_load_n(&probe_hi, __ATOMIC_SEQ_CST))
    return 0;
  __atomic_add_fetch(&probe_faults, 1, __ATOMIC_SEQ_CST);
  return mprotect((void *)down(addr), nurt_page(), PROT_READ | PROT_WRITE) == 0;
}

/* The handler's contract.
 * - It runs on the faulting thread, in the middle of whatever that thread was
 *   doing.  That thread may hold no lock that the handler's OpenCL calls need:
 *   the table's lock (a fault with it held is nurt's own bug: mine() lets it
 *   crash) and malloc's arena locks (arrays in a malloc arena are never
 *   protected, so malloc never faults on nurt's pages; see mmapped_pages).
 *   Code the program runs with its own locks held may fault: those locks are
 *   not the driver's.
 * - It is not async-signal-safe, on purpose: it takes the table's lock
 *   (pthread_mutex_lock) and copies data back through OpenCL, which allocates
 *   and waits for the driver's threads; with /proc/self/mem it also makes
 *   the raw pread64/pwrite64 system calls (never io.c's wrappers).  It calls
 *   nothing that could fault on a page nurt protects.
 * - In a forked child, or once nurt_fatal has started, it only mprotects.
 * - A fault that is not on nurt's pages goes to the program's handler, or to
 *   the default action (chain()).
 * A service thread doing the OpenCL work while the handler waits on a
 * semaphore would make the handler itself async-signal-safe; not done: the
 * contract above already rules out the deadlocks it would prevent. */
static void on_segv(int sig, siginfo_t *si, void *ctx) {
  int saved = errno;
  if (si->si_code == SEGV_ACCERR && probed((uintptr_t)si->si_addr)) {
    errno = saved;
    return;
  }
  int again =
      si->si_code == SEGV_ACCERR && handle((uintptr_t)si->si_addr, write_fault(ctx), fault_pc(ctx));
  errno = saved;
  if (!again)
    chain(sig, si, ctx);
}

static void ours(struct sigaction *sa) {
  memset(sa, 0, sizeof *sa);
  sa->sa_sigaction = on_segv;
  sa->sa_flags = SA_SIGINFO | SA_NODEFER | SA_RESTART;
  sigemptyset(&sa->sa_mask);
}

static int install(void) {
  if (installed)
    return 1;
  struct sigaction sa;
  ours(&sa);
  if (sigaction(SIGSEGV, &sa, &prev) != 0) {
    broken = 1;
    return 0;
  }
  installed = 1;
  mem_fd();
  static int atfork;
  if (!atfork++)
    pthread_atfork(before_fork, after_fork_parent, after_fork_child);
  return 1;
}

void nurt_guard_keep_handler(void) { keep(); }

#if defined(__GLIBC__) && !NURT_ASAN
/* glibc raises its mmap threshold when a mapped block is freed, after which
 * large arrays come from the arena, where they cannot be protected: keep the
 * default threshold fixed unless the user tuned malloc or turned NU_LAZY off. */
__attribute__((constructor)) static void fixed_mmap_threshold(void) {
  const char *lazy = getenv("NU_LAZY"), *dev = getenv("NU_DEVICE");
  const char *tun = getenv("GLIBC_TUNABLES");
  if ((lazy && !strcmp(lazy, "0")) || (dev && !strcasecmp(dev, "host")) ||
      getenv("MALLOC_MMAP_THRESHOLD_") || (tun && strstr(tun, "mmap_threshold")))
    return;
  mallopt(M_MMAP_THRESHOLD, 128 * 1024);
}
#endif
