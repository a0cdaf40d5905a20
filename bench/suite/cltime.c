/* cltime.c — an LD_PRELOAD library that sums the device time of every
 * kernel an OpenCL program runs, so that two compilers' outputs (nucc's,
 * through nurt, and PPCG's, through its own host code) are timed the same
 * way, from the device's own time stamps.  It turns on profiling in every
 * command queue the program creates, keeps an event for every
 * clEnqueueNDRangeKernel and every clEnqueueCopyBuffer (a copy from device
 * memory to device memory is device work: nucc's `snapshot` makes one per
 * launch), and at exit prints one line to stderr:
 *   cltime: kernels N device_ms T on DEVICE[; C device-to-device copies]
 * where T counts the kernels and those copies.
 * (DEVICE: the device of the first queue, to show where the kernels ran).
 * Built on the GPU machine: gcc -O2 -shared -fPIC cltime.c -o libcltime.so -ldl
 * (bench/suite/run_gpu.sh).  Not part of nucc or nurt. */
#define _GNU_SOURCE
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static cl_event *pending;
static size_t npending, cap;
static unsigned long long nkernels, ncopies;
static double total_ns;
static int failed;
static char device[256] = "(no queue)";

static void note_device(cl_device_id d) {
  pthread_mutex_lock(&lock);
  if (strcmp(device, "(no queue)") == 0 &&
      clGetDeviceInfo(d, CL_DEVICE_NAME, sizeof device - 1, device, NULL) != CL_SUCCESS)
    strcpy(device, "(unknown)");
  pthread_mutex_unlock(&lock);
}

/* Folds the finished events into the total; with all set, waits for all.
 * Called with the lock held. */
static void drain(int all) {
  size_t kept = 0;
  for (size_t i = 0; i < npending; i++) {
    cl_int st = CL_QUEUED;
    clGetEventInfo(pending[i], CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL);
    if (all && st > CL_COMPLETE) {
      clWaitForEvents(1, &pending[i]);
      st = CL_COMPLETE;
    }
    if (st == CL_COMPLETE) {
      cl_ulong a = 0, b = 0;
      if (clGetEventProfilingInfo(pending[i], CL_PROFILING_COMMAND_START, sizeof a, &a, NULL) !=
              CL_SUCCESS ||
          clGetEventProfilingInfo(pending[i], CL_PROFILING_COMMAND_END, sizeof b, &b, NULL) !=
              CL_SUCCESS)
        failed = 1;
      else
        total_ns += (double)(b - a);
      clReleaseEvent(pending[i]);
    } else if (st < 0) {
      failed = 1;
      clReleaseEvent(pending[i]);
    } else {
      pending[kept++] = pending[i];
    }
  }
  npending = kept;
}

static void keep(cl_event e, int copy) {
  pthread_mutex_lock(&lock);
  if (copy)
    ncopies++;
  else
    nkernels++;
  if (npending == cap) {
    drain(0);
    if (npending == cap) {
      size_t ncap = cap ? cap * 2 : 1024;
      cl_event *p = realloc(pending, ncap * sizeof *p);
      if (!p) {
        fprintf(stderr, "cltime: out of memory\n");
        abort();
      }
      pending = p;
      cap = ncap;
    }
  }
  pending[npending++] = e;
  pthread_mutex_unlock(&lock);
}

static void *next(const char *name) {
  void *f = dlsym(RTLD_NEXT, name);
  if (!f) {
    fprintf(stderr, "cltime: no %s after this library\n", name);
    abort();
  }
  return f;
}

cl_int clEnqueueNDRangeKernel(cl_command_queue q, cl_kernel k, cl_uint dim, const size_t *off,
                              const size_t *gws, const size_t *lws, cl_uint nwait,
                              const cl_event *wait, cl_event *ev) {
  static cl_int (*real)(cl_command_queue, cl_kernel, cl_uint, const size_t *, const size_t *,
                        const size_t *, cl_uint, const cl_event *, cl_event *);
  if (!real)
    real = next("clEnqueueNDRangeKernel");
  cl_event mine = NULL;
  cl_int rc = real(q, k, dim, off, gws, lws, nwait, wait, &mine);
  if (rc == CL_SUCCESS) {
    if (ev) {
      *ev = mine;
      clRetainEvent(mine);
    }
    keep(mine, 0);
  }
  return rc;
}

cl_int clEnqueueCopyBuffer(cl_command_queue q, cl_mem src, cl_mem dst, size_t src_off,
                           size_t dst_off, size_t bytes, cl_uint nwait, const cl_event *wait,
                           cl_event *ev) {
  static cl_int (*real)(cl_command_queue, cl_mem, cl_mem, size_t, size_t, size_t, cl_uint,
                        const cl_event *, cl_event *);
  if (!real)
    real = next("clEnqueueCopyBuffer");
  cl_event mine = NULL;
  cl_int rc = real(q, src, dst, src_off, dst_off, bytes, nwait, wait, &mine);
  if (rc == CL_SUCCESS) {
    if (ev) {
      *ev = mine;
      clRetainEvent(mine);
    }
    keep(mine, 1);
  }
  return rc;
}

cl_command_queue clCreateCommandQueue(cl_context c, cl_device_id d, cl_command_queue_properties p,
                                      cl_int *err) {
  static cl_command_queue (*real)(cl_context, cl_device_id, cl_command_queue_properties, cl_int *);
  if (!real)
    real = next("clCreateCommandQueue");
  note_device(d);
  return real(c, d, p | CL_QUEUE_PROFILING_ENABLE, err);
}

cl_command_queue clCreateCommandQueueWithProperties(cl_context c, cl_device_id d,
                                                    const cl_queue_properties *props, cl_int *err) {
  static cl_command_queue (*real)(cl_context, cl_device_id, const cl_queue_properties *, cl_int *);
  if (!real)
    real = next("clCreateCommandQueueWithProperties");
  /* copy the list, setting the profiling bit in CL_QUEUE_PROPERTIES */
  size_t n = 0;
  int seen = 0;
  while (props && props[n])
    n += 2;
  cl_queue_properties *p = calloc(n + 3, sizeof *p);
  if (!p) {
    fprintf(stderr, "cltime: out of memory\n");
    abort();
  }
  for (size_t i = 0; i < n; i += 2) {
    p[i] = props[i];
    p[i + 1] = props[i + 1];
    if (props[i] == CL_QUEUE_PROPERTIES) {
      p[i + 1] |= CL_QUEUE_PROFILING_ENABLE;
      seen = 1;
    }
  }
  if (!seen) {
    p[n++] = CL_QUEUE_PROPERTIES;
    p[n++] = CL_QUEUE_PROFILING_ENABLE;
  }
  p[n] = 0;
  note_device(d);
  cl_command_queue q = real(c, d, p, err);
  free(p);
  return q;
}

/* Before a queue goes, its events must be read. */
cl_int clReleaseCommandQueue(cl_command_queue q) {
  static cl_int (*real)(cl_command_queue);
  if (!real)
    real = next("clReleaseCommandQueue");
  pthread_mutex_lock(&lock);
  drain(1);
  pthread_mutex_unlock(&lock);
  return real(q);
}

__attribute__((destructor)) static void report(void) {
  pthread_mutex_lock(&lock);
  drain(1);
  fprintf(stderr, "cltime: kernels %llu device_ms %.3f on %s%s", nkernels, total_ns / 1e6, device,
          failed ? " (some events unreadable)" : "");
  if (ncopies)
    fprintf(stderr, "; %llu device-to-device copies", ncopies);
  fputc('\n', stderr);
  pthread_mutex_unlock(&lock);
}
