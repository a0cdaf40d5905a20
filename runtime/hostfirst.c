/* hostfirst.c — NU_HOST_FIRST: a bare `work`'s nests run as written on the
 * host while the device has not started and they have done little.
 *
 * Starting the device costs 0.2-0.3 s on an H100 or H200 (listing the
 * platforms, making the context, building the program:
 * bench/results/start-h100.txt).  A program whose nests all together do less
 * than that on one core is faster without the device: PPCG leaves such
 * regions on the CPU and never starts OpenCL.  nucc cannot know before the
 * run whether later nests will need the device, so nurt decides as the
 * program goes, as in renting skis before buying: each nest of a bare `work`
 * asks at its site with nucc's estimate of its work (accesses times
 * iterations, emit/hostfirst.c); it runs on the host while the time the
 * host has spent in such nests, plus this one's predicted at the rate
 * measured so far, stays within the budget (NU_HOST_FIRST milliseconds, 200
 * unless set, about the start's cost); the first nest that would pass it
 * starts the device, and from then on every nest launches.  A program
 * thus never spends more than the budget on the host before it would have
 * started the device anyway.
 *
 * Nothing is on the device before the start, so a nest that runs on the
 * host needs no synchronisation; after it, the lazy synchronisation copies
 * what the host wrote as it would for any array written before a launch.
 * A written `work` never asks: it asked for the device. */
#include "nurt_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Seconds per unit of work before any nest was measured: a load or store
 * and its share of the arithmetic, at -O2 on one core.  Measured nests
 * replace it. */
#define PRIOR_RATE 1e-9

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static int done;     /* atomic: the device started or NU_HOST_FIRST=0; every nest launches */
static double spent; /* seconds the host spent in nests that asked */
static double units; /* their work, as nucc estimated it */
static unsigned long nests;
static const char *stop_file; /* the nest that started the device, and why */
static int stop_line;
static double stop_predicted = -1;
static int report_set;

/* NU_VERIFY asks to check launches (any value but empty or 0, as verify.c
 * reads it; read here, since verify.c sits above this file through
 * launch.c): then every nest launches, so that there are kernels to check. */
static int verify_wanted(void) {
  const char *s = getenv("NU_VERIFY");
  return s && *s && strcmp(s, "0") != 0;
}

/* NU_HOST_FIRST in seconds: unset or empty 0.2; 0 never runs a nest on the
 * host first, nor does NU_VERIFY, which checks kernels. */
static double budget(void) {
  static double b = -1;
  if (b >= 0)
    return b;
  const char *s = getenv("NU_HOST_FIRST");
  double ms = 200;
  if (s && *s) {
    char *end;
    ms = strtod(s, &end);
    if (*end || !(ms >= 0) || ms > 1e9)
      nurt_fatal("NU_HOST_FIRST='%s' is not a number of milliseconds (0 launches every nest)", s);
  }
  b = verify_wanted() ? 0 : ms * 1e-3;
  return b;
}

int nurt_host_first_defers(const nurt_module *m) {
  return m->host_first && budget() > 0 && !__atomic_load_n(&done, __ATOMIC_ACQUIRE) &&
         !nurt_device_begun();
}

/* NU_PROFILE where the device never started: the report is this line. */
static void report_alone(void) {
  if (nurt_device_begun() || !nurt_profile_enabled())
    return;
  pthread_mutex_lock(&mu);
  fprintf(stderr,
          "\nnurt profile: no device started\nhost first: %lu nest%s ran on the host in %.1f ms, "
          "within NU_HOST_FIRST's %g ms\n",
          nests, nests == 1 ? "" : "s", spent * 1e3, budget() * 1e3);
  pthread_mutex_unlock(&mu);
}

/* From here on every nest launches; `file`, `line`: the nest that made it so,
 * with its prediction (-1: the device had started otherwise). */
static void stop(const char *file, int line, double predicted) {
  if (!stop_file && nests) {
    stop_file = file;
    stop_line = line;
    stop_predicted = predicted;
  }
  __atomic_store_n(&done, 1, __ATOMIC_RELEASE);
  nurt_prof_host_first(nests, spent, budget(), stop_file, stop_line, stop_predicted);
}

/* Seconds the nest and what nucc saw ahead will take at `rate`: the loops
 * around the nest will run it `times` times, and its function's later
 * nests do `later`, so that a time loop's first step, or a small nest
 * before a large one, does not run on the host only for the device to
 * start a moment later.  -2 where the work ahead is unknown (negative): the
 * nest launches, as without NU_HOST_FIRST. */
static double predict(double work, double times, double later, double rate) {
  if (work < 0 || later < 0)
    return -2;
  return (work * (times >= 1 ? times : 1) + later) * rate;
}

/* Asked before any nest ran, at main's start, the prediction is the one
 * the nest will make at its site if nothing runs on the host before it:
 * the same work, at the prior rate.  nucc asks ahead only where main's
 * first nest is that one and the values it counts with cannot change
 * before it (frontend_entry.c). */
int nurt_host_first_starts_ahead(const nurt_module *m, int line, double work, double times,
                                 double later) {
  int starts = 0;
  pthread_mutex_lock(&mu);
  if (!done && !nests && budget() > 0 && !nurt_device_begun()) {
    double predicted = predict(work, times, later, PRIOR_RATE);
    if (predicted < 0 || predicted > budget()) {
      starts = 1;
      __atomic_store_n(&done, 1, __ATOMIC_RELEASE);
      nurt_prof_host_first_ahead(budget(), m->file, line, predicted);
    }
  }
  pthread_mutex_unlock(&mu);
  return starts;
}

double nurt_host_first(nurt_module *m, int line, double work, double times, double later) {
  if (nurt_host_mode())
    return 0;
  if (__atomic_load_n(&done, __ATOMIC_ACQUIRE))
    return -1;
  pthread_mutex_lock(&mu);
  double t = -1;
  if (done) {
    /* another thread stopped it meanwhile */
  } else if (budget() <= 0 || nurt_device_begun()) {
    stop(m->file, line, -1);
  } else {
    double predicted =
        predict(work, times, later, units > 0 && spent > 0 ? spent / units : PRIOR_RATE);
    if (predicted < 0 || spent + predicted > budget()) {
      stop(m->file, line, predicted);
    } else {
      nests++;
      units += work;
      if (!report_set++)
        atexit(report_alone);
      t = nurt_clock_seconds();
      if (t <= 0) /* >= 0 says "on the host"; a clock at 0 would say no time */
        t = 1e-9;
    }
  }
  pthread_mutex_unlock(&mu);
  return t;
}

void nurt_host_first_end(double started) {
  if (started <= 0)
    return;
  double dt = nurt_clock_seconds() - started;
  pthread_mutex_lock(&mu);
  spent += dt > 0 ? dt : 0;
  nurt_prof_host_first(nests, spent, budget(), stop_file, stop_line, stop_predicted);
  pthread_mutex_unlock(&mu);
}
