/* test_faults.c — fault injection: this program defines some OpenCL entry
 * points itself (exported, so they take the place of the ICD loader's for
 * libnurt) and makes the one named by argv[1] fail.  Each mode must print
 * nurt's message naming the call, the error, the kernel and the loop (for a
 * copy back: the kernel that last wrote the array) and exit with status 1;
 * mode "exit" counts what nurt releases at exit instead. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <string.h>

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include "check.h"

static nurt_module mod = {TEST_KERNELS, "test_faults.c", 0, NULL, 0};
static nurt_module mod64 = {"#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
                            "__kernel void twice(__global double *a, long a_off) { }\n",
                            "fp64.c", 1, NULL, 0};

static const char *fail = ""; /* the mode: which call fails */

static void *real(const char *name) {
  void *f = dlsym(RTLD_NEXT, name);
  CHECK(f);
  return f;
}

cl_int clGetPlatformIDs(cl_uint n, cl_platform_id *p, cl_uint *np) {
  if (!strcmp(fail, "no_platform"))
    return -1001; /* CL_PLATFORM_NOT_FOUND_KHR, as the ICD loader says it */
  cl_int (*f)(cl_uint, cl_platform_id *, cl_uint *) = real(__func__);
  return f(n, p, np);
}

cl_int clGetDeviceIDs(cl_platform_id p, cl_device_type t, cl_uint n, cl_device_id *d, cl_uint *nd) {
  if (!strcmp(fail, "no_device"))
    return CL_DEVICE_NOT_FOUND;
  cl_int (*f)(cl_platform_id, cl_device_type, cl_uint, cl_device_id *, cl_uint *) = real(__func__);
  if (strcmp(fail, "many_devices") != 0)
    return f(p, t, n, d, nd);
  /* Past nurt's former limit of 64: the platform's first device, 70 times. */
  enum { MANY = 70 };
  cl_device_id one;
  cl_int err = f(p, t, 1, &one, NULL);
  for (cl_uint i = 0; err == CL_SUCCESS && d && i < n && i < MANY; i++)
    d[i] = one;
  if (nd)
    *nd = MANY;
  return err;
}

cl_int clGetDeviceInfo(cl_device_id d, cl_device_info what, size_t size, void *value, size_t *ret) {
  if (!strcmp(fail, "fp64") && what == CL_DEVICE_DOUBLE_FP_CONFIG) {
    CHECK(size >= sizeof(cl_device_fp_config));
    *(cl_device_fp_config *)value = 0;
    return CL_SUCCESS;
  }
  cl_int (*f)(cl_device_id, cl_device_info, size_t, void *, size_t *) = real(__func__);
  return f(d, what, size, value, ret);
}

cl_int clEnqueueWriteBuffer(cl_command_queue q, cl_mem m, cl_bool block, size_t off, size_t n,
                            const void *p, cl_uint ne, const cl_event *w, cl_event *e) {
  if (!strcmp(fail, "write"))
    return CL_MEM_OBJECT_ALLOCATION_FAILURE;
  cl_int (*f)(cl_command_queue, cl_mem, cl_bool, size_t, size_t, const void *, cl_uint,
              const cl_event *, cl_event *) = real(__func__);
  return f(q, m, block, off, n, p, ne, w, e);
}

cl_int clEnqueueReadBuffer(cl_command_queue q, cl_mem m, cl_bool block, size_t off, size_t n,
                           void *p, cl_uint ne, const cl_event *w, cl_event *e) {
  if (!strcmp(fail, "read"))
    return CL_OUT_OF_RESOURCES;
  cl_int (*f)(cl_command_queue, cl_mem, cl_bool, size_t, size_t, void *, cl_uint, const cl_event *,
              cl_event *) = real(__func__);
  return f(q, m, block, off, n, p, ne, w, e);
}

/* A kernel that fails while running shows only in its event's status. */
cl_int clGetEventInfo(cl_event ev, cl_event_info what, size_t size, void *value, size_t *ret) {
  cl_int (*f)(cl_event, cl_event_info, size_t, void *, size_t *) = real(__func__);
  cl_int err = f(ev, what, size, value, ret);
  if (!strcmp(fail, "kernel") && what == CL_EVENT_COMMAND_EXECUTION_STATUS) {
    cl_command_type type = 0;
    f(ev, CL_EVENT_COMMAND_TYPE, sizeof type, &type, NULL);
    if (type == CL_COMMAND_NDRANGE_KERNEL)
      *(cl_int *)value = CL_OUT_OF_RESOURCES;
  }
  return err;
}

/* Without NU_PROFILE kernels have no events: a failure shows at the wait. */
cl_int clFinish(cl_command_queue q) {
  cl_int (*f)(cl_command_queue) = real(__func__);
  cl_int err = f(q);
  return !strcmp(fail, "kernel_wait") && err == CL_SUCCESS ? CL_OUT_OF_RESOURCES : err;
}

/* Mode "exit": what nurt releases at exit, counted here and printed by a
 * handler registered before nurt's, so run after it. */
static int context_releases, queue_releases;

cl_int clReleaseContext(cl_context c) {
  context_releases++;
  cl_int (*f)(cl_context) = real(__func__);
  return f(c);
}

cl_int clReleaseCommandQueue(cl_command_queue q) {
  queue_releases++;
  cl_int (*f)(cl_command_queue) = real(__func__);
  return f(q);
}

static void count_releases(void) {
  printf("test_faults exit: %d context releases, %d queue releases\n", context_releases,
         queue_releases);
}

int main(int argc, char **argv) {
  CHECK(argc == 2);
  fail = argv[1];
  if (!strcmp(fail, "exit"))
    CHECK(atexit(count_releases) == 0);
  float a[256];
  for (int i = 0; i < 256; i++)
    a[i] = (float)i;
  if (!strcmp(fail, "fp64")) {
    nurt_launch_begin(&mod64, "twice", 12);
  } else if (!strcmp(fail, "read")) {
    launch_scale(&mod, 34, a, 256, 2);
    nurt_host_access(a, 0); /* copy back: names scale at line 34 */
  } else if (!strcmp(fail, "many_devices")) {
    launch_scale(&mod, 90, a, 256, 2); /* on device NU_DEVICE=69 */
    nurt_host_access(a, 0);
    for (int i = 0; i < 256; i++)
      CHECK(a[i] == 2.0f * (float)i);
    puts("test_faults many_devices: ok");
    return 0;
  } else if (!strcmp(fail, "exit")) {
    launch_scale(&mod, 120, a, 256, 2);
    nurt_host_access(a, 0);
    CHECK(a[255] == 510.0f);
    return 0;
  } else if (!strcmp(fail, "kernel") || !strcmp(fail, "kernel_wait")) {
    launch_scale(&mod, 56, a, 256, 2);
    nurt_wait();
  } else {
    launch_scale(&mod, 78, a, 256, 2);
  }
  nurt_wait();
  fprintf(stderr, "test_faults: mode %s did not fail\n", fail);
  return 2;
}
