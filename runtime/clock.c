/* clock.c — the calls that read a clock (clock_gettime, gettimeofday, clock,
 * time, timespec_get, and omp_get_wtime and MPI_Wtime where the program has
 * them), wrapped so that a program that times itself measures its kernels:
 * launches are asynchronous, so the thread that launched waits for them first
 * (SPEC §5).  Defined here, they take the place of the C library's (as io.c's
 * do) for every object of the program; NU_TIMERS=0 turns the wait off. */
#define _GNU_SOURCE /* dlsym's RTLD_NEXT and RTLD_DEFAULT */
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nurt_internal.h"

/* Not from <sys/time.h>: its second parameter's type changed with glibc
 * 2.31, and no caller reads it here. */
struct timeval;
int gettimeofday(struct timeval *restrict tv, void *restrict tz);
/* libgomp's and the MPI library's, when the program links them.  Weak, so
 * that a static link with either one takes theirs without a clash. */
double omp_get_wtime(void) __attribute__((weak));
double MPI_Wtime(void) __attribute__((weak));

// clang-format off
#define CLOCK_CALLS(X) \
  X(clock_gettime) X(gettimeofday) X(clock) X(time) X(timespec_get) \
  X(omp_get_wtime) X(MPI_Wtime)
// clang-format on
#define ID(name) CLOCK_##name,
enum { CLOCK_CALLS(ID) CLOCK_COUNT };
#undef ID
#define NAME(name) #name,
static const char *const names[CLOCK_COUNT] = {CLOCK_CALLS(NAME)};
#undef NAME
static void *nexts[CLOCK_COUNT]; /* atomic: the next definition, once found */

#define TLS __thread __attribute__((tls_model("initial-exec")))
/* This thread launched kernels since it last waited for the queue.  Only the
 * launching thread ever sets it (launch.c refuses a second one), so every
 * other thread, PoCL's workers and the driver's among them, reads a clock at
 * the cost of one load. */
static TLS int pending;
/* This thread is inside nurt, where it calls OpenCL without the table lock:
 * the driver may read a clock there, and a wait would re-enter it. */
static TLS int busy;

void nurt_clock_busy(int on) { busy = on; }

void nurt_clock_launched(void) {
  busy = 0;
  pending = 1;
}

/* device.c's nurt_finish emptied the queue (registered below). */
static void waited(void) { pending = 0; }

static void *next_of(int i);
#define NEXT(name)                                                                                 \
  __typeof__(name) *real = /* NOLINT(bugprone-macro-parentheses) */                                \
      (__typeof__(name) *)next_of(CLOCK_##name)

/* The seconds of a monotonic clock, as libgomp's omp_get_wtime counts them:
 * for a program that calls omp_get_wtime or MPI_Wtime without the library. */
static double wtime(void) {
  struct timespec t;
  NEXT(clock_gettime);
  if (real(CLOCK_MONOTONIC, &t) != 0)
    return 0;
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

double nurt_clock_seconds(void) { return wtime(); }

static void *find(int i) {
  void *f = dlsym(RTLD_NEXT, names[i]);
  if (!f && i == CLOCK_MPI_Wtime)
    f = dlsym(RTLD_DEFAULT, "PMPI_Wtime"); /* MPICH's MPI_Wtime is its weak alias */
  if (!f && (i == CLOCK_omp_get_wtime || i == CLOCK_MPI_Wtime))
    f = (void *)wtime;
  return f;
}

/* The function i takes the place of: the next definition after this one. */
static void *next_of(int i) {
  void *f = __atomic_load_n(&nexts[i], __ATOMIC_ACQUIRE);
  if (!f) {
    f = find(i);
    if (!f)
      nurt_fatal("the C library's %s is not found (dlsym: %s)", names[i], dlerror());
    __atomic_store_n(&nexts[i], f, __ATOMIC_RELEASE);
  }
  return f;
}

/* A forked child has no device to wait for (guard.c). */
static void after_fork_child(void) { pending = 0; }

/* All found when the library loads, as io.c's: dlsym may not run where a
 * clock is read (a signal handler, the dynamic loader's lock). */
__attribute__((constructor)) static void find_all(void) {
  for (int i = 0; i < CLOCK_COUNT; i++)
    __atomic_store_n(&nexts[i], find(i), __ATOMIC_RELEASE);
  pthread_atfork(NULL, NULL, after_fork_child);
  nurt_device_on_finish(waited);
}

/* NU_TIMERS=0: clocks do not wait.  Read by the launching thread only. */
static int timers_on(void) {
  static int on = -1;
  if (on < 0) {
    const char *s = getenv("NU_TIMERS");
    on = !(s && strcmp(s, "0") == 0);
  }
  return on;
}

/* On the thread that started the device (device.c, NU_START=1), waits for
 * the start-up thread first: a program that times its kernels from here does
 * not time the driver's start.  Not inside nurt (device.c checks the rest). */
static void wait_for_start(void) {
  if (!busy)
    nurt_device_join_owner();
}

/* Waits for the queue when this thread launched kernels since it last
 * waited, and is not inside nurt: not holding the table lock (a wait would
 * deadlock on it), not in an OpenCL call nurt makes without it, not at exit. */
static void wait_for_kernels(void) {
  if (!pending || busy || nurt_lock_held() || __atomic_load_n(&nurt_dying, __ATOMIC_ACQUIRE))
    return;
  pending = 0;
  if (!timers_on())
    return;
  nurt_lock();
  nurt_counters.timer_waits++;
  nurt_finish(NULL);
  nurt_unlock();
}

int clock_gettime(clockid_t id, struct timespec *t) {
  NEXT(clock_gettime);
  wait_for_start();
  wait_for_kernels();
  return real(id, t);
}

int gettimeofday(struct timeval *restrict tv, void *restrict tz) {
  NEXT(gettimeofday);
  wait_for_start();
  wait_for_kernels();
  return real(tv, tz);
}

clock_t clock(void) {
  NEXT(clock);
  wait_for_start();
  wait_for_kernels();
  return real();
}

time_t time(time_t *t) {
  NEXT(time);
  wait_for_start();
  wait_for_kernels();
  return real(t);
}

int timespec_get(struct timespec *t, int base) {
  NEXT(timespec_get);
  wait_for_start();
  wait_for_kernels();
  return real(t, base);
}

double omp_get_wtime(void) {
  NEXT(omp_get_wtime);
  wait_for_start();
  wait_for_kernels();
  return real();
}

double MPI_Wtime(void) {
  NEXT(MPI_Wtime);
  wait_for_start();
  wait_for_kernels();
  return real();
}
