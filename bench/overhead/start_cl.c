/* start_cl.c — what a program pays to start OpenCL before its first kernel,
 * step by step, against the clock of the whole process: platform and
 * device, context, queue, a one-kernel program built (from the driver's
 * compile cache after the first run), a 16 MiB buffer written, one launch
 * waited for.  The floor under the wall time of any program that runs a
 * kernel: the suite's atax, bicg, gesummv and mvt take 0.03 s on the CPU,
 * where PPCG made no kernel (bench/results).
 *   cc -O2 start_cl.c -o start_cl -lOpenCL && ./start_cl */
#define CL_TARGET_OPENCL_VERSION 120
#define _POSIX_C_SOURCE 200809L
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double last;
static void step(const char *what) {
  double t = now();
  printf("%-40s %8.1f ms\n", what, (t - last) * 1e3);
  last = t;
}

#define OK(call)                                                                                   \
  do {                                                                                             \
    cl_int e_ = (call);                                                                            \
    if (e_ != CL_SUCCESS) {                                                                        \
      fprintf(stderr, "%s: %d\n", #call, e_);                                                      \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

int main(void) {
  double start = last = now();
  cl_platform_id plats[8];
  cl_uint np = 0;
  OK(clGetPlatformIDs(8, plats, &np));
  step("clGetPlatformIDs (ICDs loaded)");
  cl_device_id dev = NULL;
  cl_uint p = 0;
  for (; p < np && clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_GPU, 1, &dev, NULL) != CL_SUCCESS; p++)
    ;
  if (!dev) {
    fprintf(stderr, "no GPU\n");
    return 1;
  }
  step("clGetDeviceIDs");
  cl_int err;
  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
  OK(err);
  step("clCreateContext");
  cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
  OK(err);
  step("clCreateCommandQueue");
  const char *src = "__kernel void k(__global float *a) { a[get_global_id(0)] += 1.0f; }";
  cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
  OK(err);
  OK(clBuildProgram(prog, 1, &dev, "", NULL, NULL));
  cl_kernel k = clCreateKernel(prog, "k", &err);
  OK(err);
  step("program built, kernel made");
  size_t n = 4u << 20;
  float *h = calloc(n, sizeof *h);
  cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * sizeof *h, NULL, &err);
  OK(err);
  OK(clEnqueueWriteBuffer(q, buf, CL_TRUE, 0, n * sizeof *h, h, 0, NULL, NULL));
  step("16 MiB buffer made and written");
  OK(clSetKernelArg(k, 0, sizeof buf, &buf));
  OK(clEnqueueNDRangeKernel(q, k, 1, NULL, &n, NULL, 0, NULL, NULL));
  OK(clFinish(q));
  step("first launch, waited for");
  OK(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, n * sizeof *h, h, 0, NULL, NULL));
  step("read back");
  /* START_CL_KEEP=1: the process exits with everything held, the driver's
   * own exit work tears it down */
  if (!getenv("START_CL_KEEP")) {
    clReleaseMemObject(buf);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    step("buffer, kernel, program, queue released");
    clReleaseContext(ctx);
    step("context released");
  }
  printf("%-40s %8.1f ms (h[0] = %g)\n", "total in main", (now() - start) * 1e3, (double)h[0]);
  free(h);
  return 0;
}
