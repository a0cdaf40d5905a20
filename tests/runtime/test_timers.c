/* test_timers.c — runtime/clock.c: a clock read by the thread that launched
 * kernels waits for them first, once per batch of launches; other threads,
 * reads after a wait and NU_TIMERS=0 do not wait; a forked child does not.
 * Counted by nurt_get_stats' timer_waits, and timed with a long kernel.
 * Usage: test_timers each|covers|thread|fork|wtime|off */
#define _GNU_SOURCE /* gettimeofday's header, timespec_get */
#include <pthread.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"

/* Through nurt: libgomp's when the test links it (built with -fopenmp),
 * nurt's stand-in otherwise; MPI's is nurt's stand-in here (no MPI). */
#ifdef _OPENMP
#include <omp.h>
#else
double omp_get_wtime(void);
#endif
double MPI_Wtime(void);

static nurt_module mod = {TEST_KERNELS
                          "__kernel void spin(__global float *a, long a_off, int reps, long n) {\n"
                          "  a = (__global float *)((__global char *)a + a_off);\n"
                          "  long i = get_global_id(0);\n"
                          "  float v = (float)(i % 101) * 1e-3f;\n"
                          "  for (int r = 0; r < reps; r++) v = v * 0.999f + 1e-4f * (r & 7);\n"
                          "  if (i < n) a[i] = v;\n"
                          "}\n",
                          "test_timers.c", 0, NULL, 0};

enum { N = 1 << 16 };
static _Alignas(4096) float a[N];

static unsigned long waits(void) {
  nurt_stats s;
  nurt_get_stats(&s);
  return s.timer_waits;
}

static double seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void launch_spin(int reps) {
  size_t local = 64, global = N;
  long long n = N;
  nurt_launch *l = nurt_launch_begin(&mod, "spin", 20);
  nurt_arg_buffer(l, a, sizeof a, NURT_OUT);
  nurt_arg_value(l, &reps, sizeof reps);
  nurt_arg_value(l, &n, sizeof n);
  nurt_launch_end(l, 1, &global, &local);
}

/* Each clock read as a program reads it. */
static void read_clock(int which) {
  struct timespec ts;
  struct timeval tv;
  volatile double d = 0;
  switch (which) {
  case 0:
    clock_gettime(CLOCK_MONOTONIC, &ts);
    break;
  case 1:
    gettimeofday(&tv, NULL);
    break;
  case 2:
    d = (double)clock();
    break;
  case 3:
    d = (double)time(NULL);
    break;
  case 4:
    timespec_get(&ts, TIME_UTC);
    break;
  case 5:
    d = omp_get_wtime();
    break;
  default:
    d = MPI_Wtime();
    break;
  }
  (void)d;
}
enum { CLOCKS = 7 };

/* Every clock waits after a launch, and only the first read after it: a
 * loop that reads a clock costs one wait, and a read after nurt_wait none.
 * (waits() itself empties the queue, so it is asked after the reads.) */
static void each(void) {
  for (int c = 0; c < CLOCKS; c++) {
    unsigned long before = waits();
    launch_scale(&mod, 10, a, N, 1.0f);
    launch_scale(&mod, 10, a, N, 1.0f);
    for (int i = 0; i < 1000; i++)
      read_clock(c);
    CHECK_EQ(waits(), before + 1);
    launch_scale(&mod, 10, a, N, 1.0f);
    nurt_wait();
    read_clock(c);
    CHECK_EQ(waits(), before + 1);
  }
}

/* After the clock read, the long kernel has finished: waiting for the queue
 * takes next to nothing, while the read took the kernel's time. */
static void covers(void) {
  launch_spin(1); /* builds the kernel for its sizes */
  nurt_wait();
  double t0 = seconds();
  launch_spin(2000);
  double t1 = seconds();
  nurt_wait();
  double t2 = seconds();
  fprintf(stderr, "read %.3f s, then the wait %.6f s\n", t1 - t0, t2 - t1);
  CHECK(t2 - t1 < 0.1 * (t1 - t0));
}

static double other_took; /* seconds of the other thread's clock reads */

static void *read_clocks(void *unused) {
  (void)unused;
  double t0 = seconds();
  for (int c = 0; c < CLOCKS; c++)
    read_clock(c);
  other_took = seconds() - t0;
  return NULL;
}

/* Another thread's clocks never wait, while a long kernel runs: only the one
 * that launched does.  A wait in the other thread would take the kernel's
 * time (and count, leaving the main thread's own). */
static void thread(void) {
  launch_spin(1); /* builds the kernel for its sizes */
  nurt_wait();
  unsigned long before = waits();
  double t0 = seconds();
  launch_spin(2000);
  pthread_t t;
  CHECK(pthread_create(&t, NULL, read_clocks, NULL) == 0);
  CHECK(pthread_join(t, NULL) == 0);
  double t1 = seconds();
  fprintf(stderr, "the other thread's reads %.6f s, the kernel %.3f s\n", other_took, t1 - t0);
  CHECK(other_took < 0.25 * (t1 - t0));
  CHECK_EQ(waits(), before + 1);
}

/* A child of fork() reads a clock without waiting for the parent's queue
 * (it could not reach it); the parent still waits. */
static void forked(void) {
  launch_spin(1);
  nurt_wait();
  unsigned long before = waits();
  launch_spin(200);
  pid_t pid = fork();
  CHECK(pid >= 0);
  if (pid == 0) {
    read_clock(0);
    _exit(waits() == before ? 0 : 1);
  }
  int st;
  CHECK(waitpid(pid, &st, 0) == pid);
  CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
  read_clock(0);
  CHECK_EQ(waits(), before + 1);
}

/* omp_get_wtime and MPI_Wtime count seconds as the monotonic clock does,
 * whether the program links their library or not. */
static void wtime(void) {
  double m0 = seconds(), o0 = omp_get_wtime(), w0 = MPI_Wtime();
  usleep(100000);
  double m = seconds() - m0, o = omp_get_wtime() - o0, w = MPI_Wtime() - w0;
  fprintf(stderr, "monotonic %.4f s, omp_get_wtime %.4f s, MPI_Wtime %.4f s\n", m, o, w);
  CHECK(m >= 0.1 && o > 0.5 * m && o < 2 * m && w > 0.5 * m && w < 2 * m);
#ifdef _OPENMP
  CHECK(omp_get_max_threads() >= 1); /* keeps libgomp linked */
#endif
}

/* NU_TIMERS=0: no clock waits. */
static void off(void) {
  for (int c = 0; c < CLOCKS; c++) {
    launch_scale(&mod, 10, a, N, 1.0f);
    read_clock(c);
  }
  CHECK_EQ(waits(), 0);
}

int main(int argc, char **argv) {
  static const struct {
    const char *name;
    void (*run)(void);
  } cases[] = {{"each", each},   {"covers", covers}, {"thread", thread},
               {"fork", forked}, {"wtime", wtime},   {"off", off}};
  if (argc != 2)
    return 2;
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    if (strcmp(argv[1], cases[i].name) == 0) {
      cases[i].run();
      printf("test_timers %s: ok\n", argv[1]);
      return 0;
    }
  return 2;
}
