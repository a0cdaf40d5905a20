/* cltrace.c — an LD_PRELOAD library that says where a whole OpenCL process's
 * wall time goes, so that nucc's build (through nurt) and PPCG's (through its
 * own host code) can be compared call by call when their wall times differ.
 * It times every call of the OpenCL functions below on the host, and at exit
 * prints to stderr, one line each:
 *   cltrace: FUNCTION calls N ms T
 *   cltrace: span first_call_ms A last_call_end_ms B exit_ms C
 * where A, B and C count from the library's constructor (about the process's
 * start), T sums the calls' wall time, and only functions called appear.
 * With CLTRACE_TIMELINE set it also prints every call as it returns:
 *   cltrace-t: FUNCTION start_ms S ms T gap_ms G
 * G being the host's own time since the previous call returned.
 * Built on the GPU machine: gcc -O2 -shared -fPIC cltrace.c -o libcltrace.so
 * -ldl (bench/suite/trace_gpu.sh).  Not part of nucc or nurt. */
#define _GNU_SOURCE
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum {
  F_PLATFORMS,
  F_PLATFORM_INFO,
  F_DEVICES,
  F_DEVICE_INFO,
  F_CONTEXT,
  F_QUEUE,
  F_QUEUE_PROPS,
  F_SOURCE,
  F_BINARY,
  F_BUILD,
  F_BUILD_INFO,
  F_PROGRAM_INFO,
  F_KERNEL,
  F_ARG,
  F_BUFFER,
  F_WRITE,
  F_READ,
  F_MAP,
  F_UNMAP,
  F_NDRANGE,
  F_FINISH,
  F_FLUSH,
  F_WAIT,
  F_REL_MEM,
  F_REL_KERNEL,
  F_REL_PROGRAM,
  F_REL_QUEUE,
  F_REL_CONTEXT,
  F_N
};
static const char *const names[F_N] = {"clGetPlatformIDs",
                                       "clGetPlatformInfo",
                                       "clGetDeviceIDs",
                                       "clGetDeviceInfo",
                                       "clCreateContext",
                                       "clCreateCommandQueue",
                                       "clCreateCommandQueueWithProperties",
                                       "clCreateProgramWithSource",
                                       "clCreateProgramWithBinary",
                                       "clBuildProgram",
                                       "clGetProgramBuildInfo",
                                       "clGetProgramInfo",
                                       "clCreateKernel",
                                       "clSetKernelArg",
                                       "clCreateBuffer",
                                       "clEnqueueWriteBuffer",
                                       "clEnqueueReadBuffer",
                                       "clEnqueueMapBuffer",
                                       "clEnqueueUnmapMemObject",
                                       "clEnqueueNDRangeKernel",
                                       "clFinish",
                                       "clFlush",
                                       "clWaitForEvents",
                                       "clReleaseMemObject",
                                       "clReleaseKernel",
                                       "clReleaseProgram",
                                       "clReleaseCommandQueue",
                                       "clReleaseContext"};
static void *fn[F_N];
static double spent[F_N], first = -1, last, origin;
static unsigned long calls[F_N];
static int timeline;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

__attribute__((constructor)) static void start(void) {
  origin = now();
  timeline = getenv("CLTRACE_TIMELINE") != NULL;
  for (int i = 0; i < F_N; i++)
    fn[i] = dlsym(RTLD_NEXT, names[i]);
}

__attribute__((destructor)) static void report(void) {
  double end = now();
  if (first < 0)
    return; /* a child process, a compiler the driver ran */
  for (int i = 0; i < F_N; i++)
    if (calls[i])
      fprintf(stderr, "cltrace: %s calls %lu ms %.3f\n", names[i], calls[i], spent[i]);
  fprintf(stderr, "cltrace: span first_call_ms %.3f last_call_end_ms %.3f exit_ms %.3f\n",
          first - origin, last - origin, end - origin);
}

static double enter(void) {
  double t = now();
  if (first < 0)
    first = t;
  return t;
}

static void leave(int f, double t0) {
  double before = last;
  last = now();
  if (timeline)
    fprintf(stderr, "cltrace-t: %s start_ms %.3f ms %.3f gap_ms %.3f\n", names[f], t0 - origin,
            last - t0, before > 0 ? t0 - before : 0.0);
  spent[f] += last - t0;
  calls[f]++;
}

/* CALL(F, TYPE, ARGS...) runs the real function F with the wrapper's
 * parameters and returns its result, timed. */
#define CALL(f, type, ...)                                                                         \
  do {                                                                                             \
    double t0 = enter();                                                                           \
    type res_ = ((type(*)())fn[f])(__VA_ARGS__);                                                   \
    leave(f, t0);                                                                                  \
    return res_;                                                                                   \
  } while (0)

cl_int clGetPlatformIDs(cl_uint n, cl_platform_id *p, cl_uint *np) {
  CALL(F_PLATFORMS, cl_int, n, p, np);
}
cl_int clGetPlatformInfo(cl_platform_id p, cl_platform_info i, size_t s, void *v, size_t *r) {
  CALL(F_PLATFORM_INFO, cl_int, p, i, s, v, r);
}
cl_int clGetDeviceIDs(cl_platform_id p, cl_device_type t, cl_uint n, cl_device_id *d, cl_uint *nd) {
  CALL(F_DEVICES, cl_int, p, t, n, d, nd);
}
cl_int clGetDeviceInfo(cl_device_id d, cl_device_info i, size_t s, void *v, size_t *r) {
  CALL(F_DEVICE_INFO, cl_int, d, i, s, v, r);
}
cl_context clCreateContext(const cl_context_properties *p, cl_uint n, const cl_device_id *d,
                           void(CL_CALLBACK *cb)(const char *, const void *, size_t, void *),
                           void *u, cl_int *e) {
  CALL(F_CONTEXT, cl_context, p, n, d, cb, u, e);
}
cl_command_queue clCreateCommandQueue(cl_context c, cl_device_id d, cl_command_queue_properties p,
                                      cl_int *e) {
  CALL(F_QUEUE, cl_command_queue, c, d, p, e);
}
cl_command_queue clCreateCommandQueueWithProperties(cl_context c, cl_device_id d,
                                                    const cl_queue_properties *p, cl_int *e) {
  CALL(F_QUEUE_PROPS, cl_command_queue, c, d, p, e);
}
cl_program clCreateProgramWithSource(cl_context c, cl_uint n, const char **s, const size_t *l,
                                     cl_int *e) {
  CALL(F_SOURCE, cl_program, c, n, s, l, e);
}
cl_program clCreateProgramWithBinary(cl_context c, cl_uint n, const cl_device_id *d,
                                     const size_t *l, const unsigned char **b, cl_int *st,
                                     cl_int *e) {
  CALL(F_BINARY, cl_program, c, n, d, l, b, st, e);
}
cl_int clBuildProgram(cl_program p, cl_uint n, const cl_device_id *d, const char *o,
                      void(CL_CALLBACK *cb)(cl_program, void *), void *u) {
  CALL(F_BUILD, cl_int, p, n, d, o, cb, u);
}
cl_int clGetProgramBuildInfo(cl_program p, cl_device_id d, cl_program_build_info i, size_t s,
                             void *v, size_t *r) {
  CALL(F_BUILD_INFO, cl_int, p, d, i, s, v, r);
}
cl_int clGetProgramInfo(cl_program p, cl_program_info i, size_t s, void *v, size_t *r) {
  CALL(F_PROGRAM_INFO, cl_int, p, i, s, v, r);
}
cl_kernel clCreateKernel(cl_program p, const char *n, cl_int *e) {
  CALL(F_KERNEL, cl_kernel, p, n, e);
}
cl_int clSetKernelArg(cl_kernel k, cl_uint i, size_t s, const void *v) {
  CALL(F_ARG, cl_int, k, i, s, v);
}
cl_mem clCreateBuffer(cl_context c, cl_mem_flags f, size_t s, void *h, cl_int *e) {
  CALL(F_BUFFER, cl_mem, c, f, s, h, e);
}
cl_int clEnqueueWriteBuffer(cl_command_queue q, cl_mem m, cl_bool b, size_t o, size_t s,
                            const void *h, cl_uint n, const cl_event *w, cl_event *e) {
  CALL(F_WRITE, cl_int, q, m, b, o, s, h, n, w, e);
}
cl_int clEnqueueReadBuffer(cl_command_queue q, cl_mem m, cl_bool b, size_t o, size_t s, void *h,
                           cl_uint n, const cl_event *w, cl_event *e) {
  CALL(F_READ, cl_int, q, m, b, o, s, h, n, w, e);
}
void *clEnqueueMapBuffer(cl_command_queue q, cl_mem m, cl_bool b, cl_map_flags f, size_t o,
                         size_t s, cl_uint n, const cl_event *w, cl_event *e, cl_int *err) {
  CALL(F_MAP, void *, q, m, b, f, o, s, n, w, e, err);
}
cl_int clEnqueueUnmapMemObject(cl_command_queue q, cl_mem m, void *p, cl_uint n, const cl_event *w,
                               cl_event *e) {
  CALL(F_UNMAP, cl_int, q, m, p, n, w, e);
}
cl_int clEnqueueNDRangeKernel(cl_command_queue q, cl_kernel k, cl_uint dim, const size_t *off,
                              const size_t *g, const size_t *l, cl_uint n, const cl_event *w,
                              cl_event *e) {
  CALL(F_NDRANGE, cl_int, q, k, dim, off, g, l, n, w, e);
}
cl_int clFinish(cl_command_queue q) { CALL(F_FINISH, cl_int, q); }
cl_int clFlush(cl_command_queue q) { CALL(F_FLUSH, cl_int, q); }
cl_int clWaitForEvents(cl_uint n, const cl_event *e) { CALL(F_WAIT, cl_int, n, e); }
cl_int clReleaseMemObject(cl_mem m) { CALL(F_REL_MEM, cl_int, m); }
cl_int clReleaseKernel(cl_kernel k) { CALL(F_REL_KERNEL, cl_int, k); }
cl_int clReleaseProgram(cl_program p) { CALL(F_REL_PROGRAM, cl_int, p); }
cl_int clReleaseCommandQueue(cl_command_queue q) { CALL(F_REL_QUEUE, cl_int, q); }
cl_int clReleaseContext(cl_context c) { CALL(F_REL_CONTEXT, cl_int, c); }
