/* launch_cl.c — the baseline of the launch-overhead measurement, written by
 * hand against OpenCL (not nucc output): the kernel of launch_nu.c (64
 * work-items each storing one float) enqueued N times in a row, then one
 * clFinish.  Two loops: "bare" (arguments set once, no events, a queue without
 * profiling) and "args+event" (the value argument set before every launch and
 * an event asked for and released, on a profiling queue, as nurt does).
 * The device: the first GPU of any platform, else the first device.
 * Build: cc -O2 launch_cl.c -lOpenCL (or -l:libOpenCL.so.1)
 * Usage: launch_cl [N]   (default 20000) */
#define _POSIX_C_SOURCE 199309L
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static const char *source = "__kernel void k(__global float *a, int v) {\n"
                            "  a[get_global_id(0)] = (float)v;\n"
                            "}\n";

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

static void check(cl_int err, const char *what) {
  if (err != CL_SUCCESS) {
    fprintf(stderr, "launch_cl: %s failed (%d)\n", what, err);
    exit(1);
  }
}

static cl_device_id pick_device(void) {
  cl_platform_id platforms[16];
  cl_uint np = 0;
  cl_device_id first = NULL;
  check(clGetPlatformIDs(16, platforms, &np), "clGetPlatformIDs");
  for (cl_uint p = 0; p < np && p < 16; p++) {
    cl_device_id d;
    cl_uint nd = 0;
    if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_GPU, 1, &d, &nd) == CL_SUCCESS && nd > 0)
      return d;
    if (!first && clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 1, &d, &nd) == CL_SUCCESS &&
        nd > 0)
      first = d;
  }
  if (!first) {
    fprintf(stderr, "launch_cl: no OpenCL device\n");
    exit(1);
  }
  return first;
}

/* Best time per launch in microseconds over 5 timings after a warm-up. */
static double time_loop(cl_command_queue q, cl_kernel k, int n, int per_launch) {
  size_t global = 64, local = 64;
  double best = 1e30;
  for (int rep = 0; rep < 6; rep++) {
    double t0 = now_ms();
    for (int it = 0; it < n; it++) {
      if (per_launch) {
        cl_event ev;
        check(clSetKernelArg(k, 1, sizeof it, &it), "clSetKernelArg");
        check(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, &ev), "enqueue");
        clReleaseEvent(ev);
      } else {
        check(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL), "enqueue");
      }
    }
    check(clFinish(q), "clFinish");
    double t = (now_ms() - t0) / n;
    if (rep > 0 && t < best)
      best = t;
  }
  return best * 1e3;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 20000;
  cl_int err;
  cl_device_id dev = pick_device();
  char name[256] = "";
  clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name, name, NULL);
  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
  check(err, "clCreateContext");
  cl_command_queue bare = clCreateCommandQueue(ctx, dev, 0, &err);
  check(err, "clCreateCommandQueue");
  cl_command_queue prof = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
  check(err, "clCreateCommandQueue");
  cl_program prog = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
  check(err, "clCreateProgramWithSource");
  check(clBuildProgram(prog, 1, &dev, "", NULL, NULL), "clBuildProgram");
  cl_kernel k = clCreateKernel(prog, "k", &err);
  check(err, "clCreateKernel");
  cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64 * sizeof(float), NULL, &err);
  check(err, "clCreateBuffer");
  int v = 0;
  check(clSetKernelArg(k, 0, sizeof a, &a), "clSetKernelArg");
  check(clSetKernelArg(k, 1, sizeof v, &v), "clSetKernelArg");
  printf("launch_cl device: %s\n", name);
  printf("best time: %.3f us per launch (bare)\n", time_loop(bare, k, n, 0));
  printf("best time: %.3f us per launch (args+event)\n", time_loop(prof, k, n, 1));
  clReleaseMemObject(a);
  clReleaseKernel(k);
  clReleaseProgram(prog);
  clReleaseCommandQueue(bare);
  clReleaseCommandQueue(prof);
  clReleaseContext(ctx);
  return 0;
}
