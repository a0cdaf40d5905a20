/* exchange.c — issue 30: what one step of a split stencil costs on two GPUs
 * through OpenCL: a kernel per device, then a 32 KB halo each way through
 * host memory (blocking read, then write), with one context over both GPUs
 * and with a context per GPU, against the whole array on one GPU.
 * Build: gcc -O2 exchange.c -o exchange -lOpenCL; run: ./exchange FLOATS_PER_DEVICE STEPS */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}
static const char *src = "__kernel void k(__global float *a, long n) { long i = get_global_id(0); "
                         "if (i < n) a[i] = a[i] * 0.5f + 1.0f; }";
#define CK(x)                                                                                      \
  do {                                                                                             \
    cl_int e_ = (x);                                                                               \
    if (e_) {                                                                                      \
      printf("%s: %d line %d\n", #x, e_, __LINE__);                                                \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)
int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 2048L * 1024; /* floats per device */
  int steps = argc > 2 ? atoi(argv[2]) : 200;
  size_t halo = 32768;
  cl_platform_id pl[8];
  cl_uint np;
  CK(clGetPlatformIDs(8, pl, &np));
  cl_platform_id p = NULL;
  cl_device_id dv[8];
  cl_uint nd = 0;
  for (cl_uint i = 0; i < np; i++) {
    char name[256];
    clGetPlatformInfo(pl[i], CL_PLATFORM_NAME, 256, name, NULL);
    if (strstr(name, "NVIDIA"))
      p = pl[i];
  }
  if (!p)
    p = pl[0];
  CK(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 8, dv, &nd));
  if (nd < 2) {
    printf("need 2 devices\n");
    return 1;
  }
  void *host = malloc(halo);
  for (int mode = 0; mode < 3; mode++) {
    cl_context c[2];
    cl_command_queue q[2];
    cl_kernel k[2];
    cl_mem b[2];
    cl_int e;
    int nctx = mode == 1 ? 2 : 1, ndev = mode == 2 ? 1 : 2;
    if (nctx == 1) {
      c[0] = clCreateContext(NULL, ndev, dv, NULL, NULL, &e);
      CK(e);
      c[1] = c[0];
    } else
      for (int d = 0; d < 2; d++) {
        c[d] = clCreateContext(NULL, 1, &dv[d], NULL, NULL, &e);
        CK(e);
      }
    cl_program pr[2];
    for (int d = 0; d < ndev; d++) {
      q[d] = clCreateCommandQueue(c[d], dv[d], 0, &e);
      CK(e);
      if (d == 0 || nctx == 2) {
        pr[d] = clCreateProgramWithSource(c[d], 1, &src, NULL, &e);
        CK(e);
        CK(clBuildProgram(pr[d], 0, NULL, "", NULL, NULL));
      } else
        pr[d] = pr[0];
      k[d] = clCreateKernel(pr[d], "k", &e);
      CK(e);
      long m = mode == 2 ? 2 * n : n;
      b[d] = clCreateBuffer(c[d], CL_MEM_READ_WRITE, m * sizeof(float), NULL, &e);
      CK(e);
      float zero = 0;
      CK(clEnqueueFillBuffer(q[d], b[d], &zero, sizeof zero, 0, m * sizeof(float), 0, NULL, NULL));
      CK(clSetKernelArg(k[d], 0, sizeof(cl_mem), &b[d]));
      CK(clSetKernelArg(k[d], 1, sizeof m, &m));
      CK(clFinish(q[d]));
    }
    double t0 = 0;
    for (int s = -5; s < steps; s++) {
      if (s == 0) {
        for (int d = 0; d < ndev; d++)
          clFinish(q[d]);
        t0 = now();
      }
      for (int d = 0; d < ndev; d++) {
        size_t g = (size_t)(mode == 2 ? 2 * n : n), l = 256;
        g = (g + l - 1) / l * l;
        CK(clEnqueueNDRangeKernel(q[d], k[d], 1, NULL, &g, &l, 0, NULL, NULL));
        clFlush(q[d]);
      }
      if (ndev == 2) {
        CK(clEnqueueReadBuffer(q[0], b[0], CL_TRUE, 0, halo, host, 0, NULL, NULL));
        CK(clEnqueueWriteBuffer(q[1], b[1], CL_FALSE, 0, halo, host, 0, NULL, NULL));
        CK(clEnqueueReadBuffer(q[1], b[1], CL_TRUE, halo, halo, host, 0, NULL, NULL));
        CK(clEnqueueWriteBuffer(q[0], b[0], CL_FALSE, halo, halo, host, 0, NULL, NULL));
      }
    }
    for (int d = 0; d < ndev; d++)
      clFinish(q[d]);
    double t = now() - t0;
    printf("%s: %d steps, %.3f ms, %.1f us/step\n",
           mode == 0   ? "one context, 2 GPUs"
           : mode == 1 ? "a context per GPU"
                       : "one GPU, whole array",
           steps, t, t * 1e3 / steps);
    for (int d = 0; d < ndev; d++) {
      clReleaseMemObject(b[d]);
      clReleaseKernel(k[d]);
      clReleaseCommandQueue(q[d]);
    }
  }
  return 0;
}
