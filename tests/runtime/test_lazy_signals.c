/* test_lazy_signals.c — nurt's SIGSEGV handler shares the signal: the
 * program's own handler (before or after nurt's) gets its faults, a real
 * crash still kills with SIGSEGV, threads faulting at once copy back once,
 * and a child of fork() reads the arrays without the device.
 * Also host threads faulting while the main thread launches, and at exit.
 * Usage: test_lazy_signals chain|crash|threads|fork|busy|exit */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lazy_check.h"

static nurt_module mod = {TEST_KERNELS, "test_lazy_signals.c", 0, NULL, 0};
static _Alignas(4096) float ga[N / 4]; /* protected in every build with NU_LAZY on */
static char *own;                      /* a page the program protects itself */
static long page;
static volatile sig_atomic_t caught[2];

static void theirs(int which, void *addr) {
  if ((char *)addr < own || (char *)addr >= own + page) {
    static const char msg[] = "a fault on nurt's pages reached the program's handler\n";
    ssize_t r = write(2, msg, sizeof msg - 1);
    (void)r;
    _exit(3);
  }
  caught[which]++;
  mprotect(own, (size_t)page, PROT_READ | PROT_WRITE);
}
static void first(int sig, siginfo_t *si, void *ctx) {
  (void)sig, (void)ctx, theirs(0, si->si_addr);
}
static void second(int sig, siginfo_t *si, void *ctx) {
  (void)sig, (void)ctx, theirs(1, si->si_addr);
}

static void install(void (*h)(int, siginfo_t *, void *)) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = h;
  sa.sa_flags = SA_SIGINFO;
  sigemptyset(&sa.sa_mask);
  CHECK(sigaction(SIGSEGV, &sa, NULL) == 0);
}

static void own_page(void) {
  page = sysconf(_SC_PAGESIZE);
  own = mmap(NULL, (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  CHECK(own != MAP_FAILED);
}

/* ga on the device, protected: nurt's handler is installed by now. */
static void device_fresh(float s) {
  launch_scale(&mod, 10, ga, N / 4, s);
  nurt_escape();
}

static void chain(void) {
  own_page();
  for (long i = 0; i < N / 4; i++)
    ga[i] = (float)i;
  install(first); /* before nurt's */
  device_fresh(2);
  mprotect(own, (size_t)page, PROT_NONE);
  ((volatile char *)own)[1] = 5;
  CHECK(caught[0] == 1 && own[1] == 5);
  CHECK(other_get(ga, 10) == 20); /* nurt's: the program's handler never sees it */
  install(second);                /* replaces nurt's handler ... */
  device_fresh(2);                /* ... which the escape puts back in front */
  CHECK(other_get(ga, 10) == 40);
  mprotect(own, (size_t)page, PROT_NONE);
  ((volatile char *)own)[2] = 6;
  CHECK(caught[0] == 1 && caught[1] == 1 && own[2] == 6);
  CHECK_EQ(stats_now().faults, lazy_on() ? 2 : 0);
}

static volatile uintptr_t bad = 8;
static void null_write(void) { *(volatile int *)bad = 1; }
static void own_write(void) {
  mprotect(own, (size_t)page, PROT_NONE);
  ((volatile char *)own)[0] = 1;
}

/* Runs `what` in a child: it must die of SIGSEGV (or, under ASan, be
 * reported by ASan's own handler, which nurt's chains to). */
static void dies(void (*what)(void)) {
  fflush(NULL);
  pid_t pid = fork();
  CHECK(pid >= 0);
  if (pid == 0) {
    what();
    _exit(0);
  }
  int st;
  CHECK(waitpid(pid, &st, 0) == pid);
#ifdef LAZY_ASAN
  CHECK(WIFEXITED(st) ? WEXITSTATUS(st) != 0 : WTERMSIG(st) == SIGSEGV);
#else
  CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGSEGV);
#endif
}

static void crash(void) {
  own_page();
  for (long i = 0; i < N / 4; i++)
    ga[i] = (float)i;
  device_fresh(2);
  struct sigaction now;
  CHECK(sigaction(SIGSEGV, NULL, &now) == 0);
  CHECK(!lazy_on() || ((now.sa_flags & SA_SIGINFO) && now.sa_handler != SIG_DFL));
  dies(null_write);
  dies(own_write);
  CHECK(other_get(ga, 1) == 2); /* the parent goes on */
}

/* Eight threads read one device-fresh array at once (past the head page of
 * the malloc'ed one, whose fault would make it host-fresh). */
static void threads(void) {
  float *a = numbers(N);
  for (long i = 0; i < N / 4; i++)
    ga[i] = (float)i;
  struct {
    float *p;
    long n, from;
    int lazy;
  } arrays[2] = {{a, N, 2048, heap_lazy(a)}, {ga, N / 4, 0, lazy_on()}};
  for (int r = 0; r < 2; r++) {
    launch_scale(&mod, 20, arrays[r].p, arrays[r].n, 2);
    nurt_escape();
    nurt_stats s0 = stats_now();
    for (int round = 0; round < 3; round++)
      CHECK(other_sum_threads(arrays[r].p, arrays[r].from, arrays[r].n, 8) ==
            ramp(2, arrays[r].from, arrays[r].n));
    /* each page read comes back once, whichever thread faults on it; each
     * thread's scan grows its own read-ahead (issue 25 §1) */
    nurt_stats d = since(s0);
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    float *p = arrays[r].p;
    unsigned long long read =
        (uintptr_t)(p + arrays[r].n) - ((uintptr_t)(p + arrays[r].from) & ~(page - 1));
    /* or all of it: once what the device holds is small, the rest comes
     * back at one fault (SMALL_BACK in sync.c), depending on which thread
     * faults last */
    CHECK(arrays[r].lazy ? d.bytes_to_host == read ||
                               d.bytes_to_host == (unsigned long long)arrays[r].n * sizeof *p
                         : d.bytes_to_host == 0);
    CHECK(d.copies_to_host <= (arrays[r].lazy ? 8 * 12 : 0));
    CHECK(d.faults <= 8 * 12);
    launch_scale(&mod, 21, arrays[r].p, arrays[r].n, 1);
#if defined(__x86_64__) /* reads are told from writes: the array stays both */
    CHECK_EQ(since(s0).copies_to_device, arrays[r].lazy ? 0 : 1);
    CHECK(arrays[r].lazy ? d.faults >= 1 : d.faults == 0);
#endif
  }
  nurt_free(a);
}

/* fork(): the parent copies back what only the device holds; the child
 * reads and writes its copy without OpenCL. */
static void forked(void) {
  for (long i = 0; i < N / 4; i++)
    ga[i] = (float)i;
  device_fresh(3);
  nurt_stats s0 = stats_now();
  fflush(NULL);
  pid_t pid = fork();
  CHECK(pid >= 0);
  if (pid == 0) {
    int ok = other_sum(ga, 0, N / 4) == ramp(3, 0, N / 4);
    other_set(ga, 5, -1);
    _exit(ok && other_get(ga, 5) == -1 ? 0 : 1);
  }
  int st;
  CHECK(waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0);
  CHECK_EQ(since(s0).copies_to_host, lazy_on() ? 1 : 0);
  CHECK(other_get(ga, 5) == 15); /* the parent's copy */
  launch_scale(&mod, 30, ga, N / 4, 1);
  CHECK_EQ(since(s0).copies_to_device, lazy_on() ? 0 : 1);
  nurt_host_access(ga, 0);
}

/* Host threads read arrays a kernel wrote (their faults copy back, count and
 * push profile records under the table's lock) while the main thread keeps
 * launching on another array and calls nurt_wait() and nurt_get_stats(),
 * which drain the profile queue and read the counters.  Run with
 * NU_PROFILE=1; under ThreadSanitizer any of that done without the lock is a
 * reported race (nurt_wait once drained the queue without it). */
enum { BUSY_K = 4, BUSY_N = 1 << 16, BUSY_ROUNDS = 8 };
static _Alignas(4096) float busy_arrays[BUSY_K][BUSY_N], busy_main[BUSY_N];
static int busy_left; /* atomic: readers still reading */

typedef struct {
  const float *a;
  double sum;
} busy_job;

static void *busy_reader(void *arg) {
  busy_job *j = arg;
  j->sum = other_sum(j->a, 0, BUSY_N);
  __atomic_sub_fetch(&busy_left, 1, __ATOMIC_ACQ_REL);
  return NULL;
}

static void busy(void) {
  for (long i = 0; i < BUSY_N; i++)
    busy_main[i] = 1;
  unsigned long launched = 0;
  for (int r = 0; r < BUSY_ROUNDS; r++) {
    for (int k = 0; k < BUSY_K; k++) {
      nurt_host_access(busy_arrays[k], 1);
      for (long i = 0; i < BUSY_N; i++)
        busy_arrays[k][i] = (float)i;
      launch_scale(&mod, 40, busy_arrays[k], BUSY_N, (float)(k + 2));
    }
    nurt_escape();
    __atomic_store_n(&busy_left, BUSY_K, __ATOMIC_RELEASE);
    pthread_t t[BUSY_K];
    busy_job jobs[BUSY_K];
    for (int k = 0; k < BUSY_K; k++) {
      jobs[k] = (busy_job){busy_arrays[k], 0};
      CHECK(pthread_create(&t[k], NULL, busy_reader, &jobs[k]) == 0);
    }
    do { /* at least one launch per round, however fast the readers are */
      launch_scale(&mod, 41, busy_main, BUSY_N, 1);
      nurt_wait();
      nurt_stats st;
      nurt_get_stats(&st);
      CHECK(st.launches >= ++launched);
    } while (__atomic_load_n(&busy_left, __ATOMIC_ACQUIRE) > 0);
    for (int k = 0; k < BUSY_K; k++) {
      pthread_join(t[k], NULL);
      CHECK(jobs[k].sum == ramp(k + 2, 0, BUSY_N));
    }
  }
  nurt_host_access(busy_main, 0);
  for (long i = 0; i < BUSY_N; i++)
    CHECK(busy_main[i] == 1);
}

/* Threads fault on protected arrays while the main thread returns from
 * main: the exit handler releases the table under the lock, and a fault
 * that comes meanwhile waits for it (it once walked the table unlocked,
 * while the handler freed it).  Exits 0 with the readers still running. */
enum { EXIT_K = 32, EXIT_N = 1 << 14, EXIT_THREADS = 2 };
static _Alignas(4096) float exit_arrays[EXIT_K][EXIT_N];

static void *exit_reader(void *arg) {
  pthread_barrier_t *start = arg;
  pthread_barrier_wait(start);
  for (;;)
    for (int k = 0; k < EXIT_K; k++)
      if (other_sum(exit_arrays[k], 0, EXIT_N) != ramp(2, 0, EXIT_N))
        abort(); /* stale data at exit: no longer the kernel's */
  return NULL;
}

static void exit_while_faulting(void) {
  for (int k = 0; k < EXIT_K; k++) {
    for (long i = 0; i < EXIT_N; i++)
      exit_arrays[k][i] = (float)i;
    launch_scale(&mod, 50, exit_arrays[k], EXIT_N, 2);
  }
  nurt_escape();
  static pthread_barrier_t start;
  pthread_barrier_init(&start, NULL, EXIT_THREADS + 1);
  for (int i = 0; i < EXIT_THREADS; i++) {
    pthread_t t;
    CHECK(pthread_create(&t, NULL, exit_reader, &start) == 0);
    pthread_detach(t);
  }
  pthread_barrier_wait(&start);
}

int main(int argc, char **argv) {
  static const struct {
    const char *name;
    void (*run)(void);
  } tests[] = {{"chain", chain}, {"crash", crash}, {"threads", threads},
               {"fork", forked}, {"busy", busy},   {"exit", exit_while_faulting}};
  for (size_t i = 0; argc > 1 && i < sizeof tests / sizeof *tests; i++)
    if (!strcmp(argv[1], tests[i].name)) {
      tests[i].run();
      printf("test_lazy_signals %s: ok\n", argv[1]);
      return 0;
    }
  fprintf(stderr, "usage: test_lazy_signals chain|crash|threads|fork|busy|exit\n");
  return 2;
}
