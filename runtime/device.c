/* device.c — the OpenCL device nurt runs on: chosen from NU_DEVICE (SPEC
 * §5), on a start-up thread beside the program's own start or at the first
 * launch, with one context and one in-order, profiling queue.  Also the
 * exit handler, which runs the exit work the floors above registered (in the
 * order of nurt_exit_step) before it releases the queue and context, and the
 * waiting entry points (nurt_wait, nurt_get_stats, nurt_host_mode).  It calls
 * nothing above it: what must happen up there is registered with it. */
#define _GNU_SOURCE /* syscall */
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "nurt_internal.h"

nurt_cl nurt_g;

/* Registered when the library loads (constructors of arrays.c, launch.c,
 * clock.c): one slot each, so none can be dropped. */
static void (*exit_work[NURT_EXIT_STEPS])(void);
static void (*on_finish)(void);

void nurt_device_at_exit(nurt_exit_step step, void (*fn)(void)) { exit_work[step] = fn; }

void nurt_device_on_finish(void (*fn)(void)) { on_finish = fn; }

static void run_exit_work(nurt_exit_step step) {
  if (exit_work[step])
    exit_work[step]();
}

/* Every device over all platforms, in platform order. */
typedef struct {
  cl_platform_id platform;
  cl_device_id device;
  cl_device_type type;
  char name[256], platform_name[256];
} candidate;

static int ieq(const char *a, const char *b) {
  for (; *a && *b; a++, b++)
    if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
      return 0;
  return *a == *b;
}

static int icontains(const char *hay, const char *needle) {
  size_t n = strlen(needle);
  for (; *hay; hay++) {
    size_t i = 0;
    while (i < n && hay[i] && tolower((unsigned char)hay[i]) == tolower((unsigned char)needle[i]))
      i++;
    if (i == n)
      return 1;
  }
  return n == 0;
}

int nurt_host_mode(void) {
  static int mode = -1;
  if (mode < 0) {
    const char *s = getenv("NU_DEVICE");
    mode = s && ieq(s, "host");
  }
  return mode;
}

static void *alloc_n(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size);
  if (!p)
    nurt_fatal("out of host memory listing OpenCL devices");
  return p;
}

/* Every device of every platform, however many (the caller frees *c). */
static int list_devices(candidate **out) {
  cl_uint np = 0;
  cl_int err = clGetPlatformIDs(0, NULL, &np);
  if (err == -1001 /* CL_PLATFORM_NOT_FOUND_KHR */ || (!err && np == 0))
    nurt_fatal("no OpenCL platform found (is an ICD such as "
               "pocl-opencl-icd installed?)");
  nurt_check(err, "clGetPlatformIDs", NULL);
  cl_platform_id *plats = alloc_n(np, sizeof(cl_platform_id));
  nurt_check(clGetPlatformIDs(np, plats, &np), "clGetPlatformIDs", NULL);
  candidate *c = NULL;
  int n = 0;
  for (cl_uint p = 0; p < np; p++) {
    cl_uint nd = 0;
    err = clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 0, NULL, &nd);
    if (err == CL_DEVICE_NOT_FOUND || nd == 0)
      continue;
    nurt_check(err, "clGetDeviceIDs", NULL);
    cl_device_id *devs = alloc_n(nd, sizeof(cl_device_id));
    nurt_check(clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, nd, devs, &nd), "clGetDeviceIDs", NULL);
    candidate *grown = realloc(c, ((size_t)n + nd) * sizeof *c);
    if (!grown)
      nurt_fatal("out of host memory listing OpenCL devices");
    c = grown;
    char pname[256] = "";
    clGetPlatformInfo(plats[p], CL_PLATFORM_NAME, sizeof pname, pname, NULL);
    for (cl_uint d = 0; d < nd; d++) {
      candidate *k = &c[n++];
      k->platform = plats[p];
      k->device = devs[d];
      memcpy(k->platform_name, pname, sizeof pname);
      k->name[0] = 0;
      clGetDeviceInfo(devs[d], CL_DEVICE_NAME, sizeof k->name, k->name, NULL);
      k->type = 0;
      clGetDeviceInfo(devs[d], CL_DEVICE_TYPE, sizeof k->type, &k->type, NULL);
    }
    free(devs);
  }
  free(plats);
  if (n == 0)
    nurt_fatal("no OpenCL device found (is an ICD such as pocl-opencl-icd "
               "installed?)");
  *out = c;
  return n;
}

static int first_of_type(const candidate *c, int n, cl_device_type t) {
  for (int i = 0; i < n; i++)
    if (c[i].type & t)
      return i;
  return -1;
}

/* The index of the device NU_DEVICE names, or -1. */
static int choose(const candidate *c, int n, const char *want) {
  if (!want || !*want || ieq(want, "host")) {
    int i = first_of_type(c, n, CL_DEVICE_TYPE_GPU);
    return i >= 0 ? i : 0;
  }
  if (ieq(want, "gpu"))
    return first_of_type(c, n, CL_DEVICE_TYPE_GPU);
  if (ieq(want, "cpu"))
    return first_of_type(c, n, CL_DEVICE_TYPE_CPU);
  if (ieq(want, "accelerator"))
    return first_of_type(c, n, CL_DEVICE_TYPE_ACCELERATOR);
  if (strspn(want, "0123456789") == strlen(want)) {
    long i = strtol(want, NULL, 10);
    return i < n ? (int)i : -1;
  }
  for (int i = 0; i < n; i++)
    if (icontains(c[i].name, want) || icontains(c[i].platform_name, want))
      return i;
  return -1;
}

/* Lists every device, however many: the user picks from this list. */
static _Noreturn void no_match(const candidate *c, int n, const char *want) {
  size_t cap = 1;
  for (int i = 0; i < n; i++)
    cap += strlen(c[i].name) + strlen(c[i].platform_name) + 32;
  char *list = alloc_n(cap, 1);
  size_t len = 0;
  for (int i = 0; i < n; i++)
    len += (size_t)snprintf(list + len, cap - len, "%s%d: %s (%s)", i ? ", " : "", i, c[i].name,
                            c[i].platform_name);
  nurt_fatal("NU_DEVICE='%s' matches no OpenCL device; devices: %s", want, list);
}

/* NU_DEVICES=N|all (issue 30): device 0 is the one NU_DEVICE chose; the
 * others are the devices of its platform of the same type, in order.  One
 * (or unset) keeps nurt on one device. */
static void choose_more(const candidate *c, int n, int first) {
  nurt_g.ndevices = 1;
  nurt_g.devices[0] = c[first].device;
  memcpy(nurt_g.names[0], c[first].name, sizeof c[first].name);
  const char *want = getenv("NU_DEVICES");
  if (!want || !*want)
    return;
  int all = ieq(want, "all");
  long most = all ? NURT_MAX_DEVICES : strtol(want, NULL, 10);
  if (!all && (strspn(want, "0123456789") != strlen(want) || most < 1))
    nurt_fatal("NU_DEVICES='%s': give a number of devices or 'all'", want);
  if (most > NURT_MAX_DEVICES)
    most = NURT_MAX_DEVICES;
  for (int i = 0; i < n && nurt_g.ndevices < most; i++)
    if (i != first && c[i].platform == c[first].platform && (c[i].type & c[first].type)) {
      nurt_g.devices[nurt_g.ndevices] = c[i].device;
      memcpy(nurt_g.names[nurt_g.ndevices], c[i].name, sizeof c[i].name);
      nurt_g.ndevices++;
    }
  if (!all && nurt_g.ndevices < most)
    fprintf(stderr,
            "nurt: warning: NU_DEVICES=%s, but platform '%s' has %d device%s like '%s': "
            "using %d\n",
            want, c[first].platform_name, nurt_g.ndevices, nurt_g.ndevices == 1 ? "" : "s",
            c[first].name, nurt_g.ndevices);
}

static void at_exit(void);

static __thread int is_starter;
static int chosen; /* atomic: a device was chosen once; exit's memset leaves it */

void nurt_device_init(void) {
  nurt_device_join();
  if (nurt_g.ready)
    return;
  if (!nurt_g.device) {
    nurt_io_link();
    nurt_heap_link();
    candidate *c;
    int n = list_devices(&c);
    const char *want = getenv("NU_DEVICE");
    int i = choose(c, n, want);
    if (i < 0)
      no_match(c, n, want);
    nurt_g.platform = c[i].platform;
    nurt_g.device = c[i].device;
    memcpy(nurt_g.device_name, c[i].name, sizeof c[i].name);
    memcpy(nurt_g.platform_name, c[i].platform_name, sizeof c[i].platform_name);
    choose_more(c, n, i);
    free(c);
    __atomic_store_n(&chosen, 1, __ATOMIC_RELEASE);
  }
  if (!nurt_g.context) {
    cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)nurt_g.platform,
                                     0};
    cl_int err;
    nurt_g.context =
        clCreateContext(props, (cl_uint)nurt_g.ndevices, nurt_g.devices, NULL, NULL, &err);
    nurt_check(err, "clCreateContext", NULL);
    /* Registered after the driver started, so it runs before the driver's
     * own exit handlers. */
    atexit(at_exit);
  }
  if (is_starter)
    return; /* the queues are the launching thread's to make */
  /* Profiling costs every launch (NVIDIA: a few µs of the event's time
   * stamps), so only NU_PROFILE turns it on; without it the events still
   * tell which kernel failed, and kernel_seconds stays 0.  Several devices
   * time every part: the split follows each device's measured speed. */
  cl_command_queue_properties qp =
      nurt_profile_enabled() || nurt_g.ndevices > 1 ? CL_QUEUE_PROFILING_ENABLE : 0;
  cl_int err;
  for (int d = 0; d < nurt_g.ndevices; d++) {
    nurt_g.queues[d] = clCreateCommandQueue(nurt_g.context, nurt_g.devices[d], qp, &err);
    nurt_check(err, "clCreateCommandQueue", NULL);
    if (nurt_g.ndevices > 1) {
      nurt_g.early[d] = clCreateCommandQueue(nurt_g.context, nurt_g.devices[d], 0, &err);
      nurt_check(err, "clCreateCommandQueue", NULL);
    }
  }
  nurt_g.queue = nurt_g.queues[0];
  nurt_g.ready = 1;
}

/* The start-up thread (NU_START=1).  Starting the driver takes 0.2-0.3 s on
 * the H100 (bench/results/start-h100.txt: the platforms listed, the context
 * made) and building the program more on a cold cache; PPCG's host code
 * starts the device when the program first needs it, after the program has
 * set its arrays up.  With NU_START=1, nurt_module_prepare's constructor
 * lists the devices, makes the context and builds the program on a thread
 * of its own, beside the program's own start; the queues are made by the
 * thread that launches.  Whatever needs the device joins the thread first: a
 * launch, a reserve, the exit handlers; and a clock read on the thread that
 * started it, so that the start never falls inside a region the program
 * times (clock.c).  Nothing is on the device before a launch, so the
 * questions "is anything on the device?" (nurt_device_ready) need not wait.
 * Not the default: on an H200 it took 10-70 ms off most of the suite's
 * programs but made durbin, whose 2,000 steps each wait for a reduction,
 * 150 ms slower, with twice the reads back, a cause not yet found
 * (bench/results/start-thread-h200.txt). */
enum { START_NONE, START_RUNNING, START_JOINED };
static int start_state; /* atomic */
static pthread_t start_owner;
static pthread_mutex_t start_mutex = PTHREAD_MUTEX_INITIALIZER;
static void (*start_then)(void);

static double start_ran; /* written by the starter, read after the join */

/* Not clock_gettime: clock.c's wrapper of it joins the start-up thread. */
static double monotonic(void) {
  struct timespec t;
  if (syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &t) != 0)
    return 0;
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The thread is never joined: once its work is done, or it failed, it
 * waits, outside the driver, until the process ends.  A thread that ran
 * PoCL's compiler and then exits makes AddressSanitizer fail to unmap the
 * alternate signal stack LLVM gave it; parked, whatever it held at a
 * failure stays reachable for LeakSanitizer. */
static pthread_cond_t start_cond = PTHREAD_COND_INITIALIZER;
static int start_done; /* under start_mutex */

static _Noreturn void finish_start(void) {
  pthread_mutex_lock(&start_mutex);
  start_done = 1;
  pthread_cond_broadcast(&start_cond);
  for (;;) /* until the process ends */
    pthread_cond_wait(&start_cond, &start_mutex);
}

static void *start_main(void *arg) {
  (void)arg;
  is_starter = 1;
  nurt_fatal_quietly(finish_start);
  double t0 = monotonic();
  nurt_device_init();
  if (nurt_g.context)
    start_then();
  start_ran = monotonic() - t0;
  finish_start();
}

static void join(const char *at) {
  pthread_mutex_lock(&start_mutex);
  if (__atomic_load_n(&start_state, __ATOMIC_ACQUIRE) == START_RUNNING) {
    double t0 = monotonic();
    while (!start_done)
      pthread_cond_wait(&start_cond, &start_mutex);
    __atomic_store_n(&start_state, START_JOINED, __ATOMIC_RELEASE);
    nurt_prof_start(start_ran, monotonic() - t0, at);
  }
  pthread_mutex_unlock(&start_mutex);
}

void nurt_device_join(void) {
  if (__atomic_load_n(&start_state, __ATOMIC_ACQUIRE) == START_RUNNING && !is_starter)
    join("a launch");
}

static int starting_on_owner(void) {
  return __atomic_load_n(&start_state, __ATOMIC_ACQUIRE) == START_RUNNING && !is_starter &&
         pthread_equal(pthread_self(), start_owner);
}

/* The state first: a program that never set NU_START=1 pays one load per
 * clock read.  Not under nurt's lock, which the thread's own I/O may take
 * (io.c), nor at exit; not in the sanitizer builds, whose allocators read
 * the clock while they hold locks of their own that the thread's
 * allocations may need. */
void nurt_device_join_owner(void) {
  if (!NURT_SANITIZED && starting_on_owner() && !nurt_lock_held() &&
      !__atomic_load_n(&nurt_dying, __ATOMIC_ACQUIRE))
    join("a clock read");
}

int nurt_device_up(void) {
  nurt_device_join();
  return nurt_g.ready;
}

int nurt_device_begun(void) {
  return __atomic_load_n(&start_state, __ATOMIC_ACQUIRE) != START_NONE ||
         __atomic_load_n(&chosen, __ATOMIC_ACQUIRE);
}

int nurt_device_ready(void) {
  return __atomic_load_n(&start_state, __ATOMIC_ACQUIRE) != START_RUNNING && nurt_g.ready;
}

/* Registered before the thread starts, so it runs after every handler the
 * driver registers: exit never tears the driver down under the thread. */
static void join_at_exit(void) {
  if (__atomic_load_n(&start_state, __ATOMIC_ACQUIRE) == START_RUNNING && !is_starter)
    join("exit");
}

/* fork: the thread that started it waits for it first, so the child gets
 * the whole start or none (a child has only the forking thread).  Where
 * another thread forks meanwhile, the child starts the device itself. */
static void before_fork(void) {
  if (starting_on_owner())
    join("fork");
}
static void after_fork_child(void) {
  if (__atomic_load_n(&start_state, __ATOMIC_ACQUIRE) == START_RUNNING) {
    memset(&nurt_g, 0, sizeof nurt_g);
    __atomic_store_n(&start_state, START_JOINED, __ATOMIC_RELEASE);
  }
}

int nurt_device_thread_wanted(int ahead) {
  const char *on = getenv("NU_START");
  return ahead ? !on || !*on || strcmp(on, "1") == 0 : on && strcmp(on, "1") == 0;
}

int nurt_device_start(void (*then)(void), int ahead) {
  if (!nurt_device_thread_wanted(ahead) || nurt_g.ready ||
      __atomic_load_n(&start_state, __ATOMIC_ACQUIRE) != START_NONE)
    return 0;
  /* read once here, before the thread: both threads read them after */
  (void)nurt_profile_enabled();
  (void)nurt_host_mode();
  start_then = then;
  start_owner = pthread_self();
  atexit(join_at_exit);
  pthread_atfork(before_fork, NULL, after_fork_child);
  /* running only once the thread exists: a clock read inside
   * pthread_create (a sanitizer's allocator makes one) must not wait */
  pthread_t starter;
  if (pthread_create(&starter, NULL, start_main, NULL) != 0)
    return 0;
  __atomic_store_n(&start_state, START_RUNNING, __ATOMIC_RELEASE);
  return 1;
}

/* The driver may create static objects of its own while it compiles the
 * first kernel (PoCL's compiler does: function-local statics of LLVM), and
 * those are destroyed at exit before handlers registered earlier run.  A
 * kernel still being compiled at exit would then use them destroyed: after
 * the first launch has finished, register the exit handler once more, so it
 * runs (and waits for the queue) before them.  at_exit runs only once. */
void nurt_device_after_first_launch(void) {
  static int done;
  if (done++ || !nurt_g.ready)
    return;
  clFinish(nurt_g.queue);
  atexit(at_exit);
}

void nurt_finish(const nurt_where *w) {
  if (!nurt_device_ready())
    return;
  NURT_LOCKED(); /* the profile queue: a fault in another thread pushes onto it */
  for (int d = nurt_g.ndevices - 1; d >= 0; d--)
    nurt_prof_waited(clFinish(nurt_g.queues[d]), "clFinish", w);
  if (on_finish)
    on_finish();
  nurt_prof_drain(1);
}

void nurt_wait(void) {
  nurt_lock();
  nurt_finish(NULL);
  nurt_unlock();
}

void nurt_get_stats(nurt_stats *out) {
  nurt_lock(); /* a fault in another thread counts and pushes under it */
  nurt_finish(NULL);
  *out = nurt_counters;
  nurt_unlock();
}

/* The context alone is left to the process's end, unless NU_EXIT_RELEASE=1:
 * releasing it waits for the driver's teardown, which the exit does anyway,
 * and the process ended 8-29 ms later on NVIDIA's driver (an H200, eight
 * programs of the suite, bench/results/exit-release-h200.txt).  Kept here,
 * it stays reachable: a leak checker sees it as the driver's. */
static cl_context kept_context;

static int release_context_at_exit(void) {
  const char *e = getenv("NU_EXIT_RELEASE");
  return e && strcmp(e, "1") == 0;
}

/* At exit: report, copy protected arrays back, then release what nurt made
 * (kernels, programs, buffers, mirrors, queues) so that leak checkers see
 * none of it.  After nurt_fatal it does nothing: the process is failing and
 * a second error here would call exit() from an exit handler. */
static void at_exit(void) {
  if (!is_starter)
    join("exit"); /* registered by the thread, which may still build */
  if (__atomic_load_n(&nurt_failing, __ATOMIC_ACQUIRE)) {
    /* the exit handlers that run after this one must not fault on pages
     * nurt protected: LeakSanitizer's scan, run last, crashed its tracer */
    nurt_guard_open_all();
    return;
  }
  if (__atomic_load_n(&nurt_dying, __ATOMIC_ACQUIRE) || !nurt_g.context)
    return;
  /* Errors from here on must not re-enter exit().  Other threads may still
   * run and fault: whatever they may reach is changed under the lock. */
  __atomic_store_n(&nurt_dying, 1, __ATOMIC_RELEASE);
  nurt_lock();
  for (int d = nurt_g.ndevices - 1; d >= 0; d--)
    if (nurt_g.queues[d])
      clFinish(nurt_g.queues[d]);
  nurt_prof_drain(1);
  run_exit_work(NURT_EXIT_REPORT);
  nurt_unlock();
  run_exit_work(NURT_EXIT_ARRAYS);
  run_exit_work(NURT_EXIT_MODULES);
  nurt_lock();
  nurt_prof_release();
  nurt_unlock();
  for (int d = 0; d < nurt_g.ndevices; d++) {
    if (nurt_g.queues[d])
      clReleaseCommandQueue(nurt_g.queues[d]);
    if (nurt_g.early[d])
      clReleaseCommandQueue(nurt_g.early[d]);
  }
  if (release_context_at_exit())
    clReleaseContext(nurt_g.context);
  else
    kept_context = nurt_g.context;
  memset(&nurt_g, 0, sizeof nurt_g);
}
