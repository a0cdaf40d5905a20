/* copy_forms.c — which form of a copy kernel reaches the GPU's bandwidth:
 * the form nucc emits for `work(256)` (one element per work-item, with 64-bit
 * and with 32-bit index arithmetic), and three forms with four elements per
 * work-item (float4; four elements a quarter of the array apart; four
 * consecutive elements, the form `dmine(4)` gives).  2^28 floats, kernel time
 * from OpenCL events, best of 6 after 2 warm-ups, work-groups of 128/256/512.
 * Standalone OpenCL; run on the GPU machine:
 *   gcc -O2 copy_forms.c -o copy_forms -l:libOpenCL.so.1 && ./copy_forms */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
static const char *src =
    "__kernel void nu_long(__global const float *restrict a, long a_off, __global float *restrict "
    "b, long b_off, long lb, long st, long n) {\n"
    "  a = (__global const float *)((__global const char *)a + a_off); b = (__global float "
    "*)((__global char *)b + b_off);\n"
    "  long g = get_global_id(0); if (g >= n) return; int i = (int)(lb + g * st); b[i] = a[i]; }\n"
    "__kernel void nu_int(__global const float *restrict a, long a_off, __global float *restrict "
    "b, long b_off, long lb, long st, long n) {\n"
    "  a = (__global const float *)((__global const char *)a + a_off); b = (__global float "
    "*)((__global char *)b + b_off);\n"
    "  int g = (int)get_global_id(0); if (g >= (int)n) return; int i = (int)lb + g * (int)st; b[i] "
    "= a[i]; }\n"
    "__kernel void vec4(__global const float4 *restrict a, __global float4 *restrict b, long n4) "
    "{\n"
    "  int g = (int)get_global_id(0); if (g >= n4) return; b[g] = a[g]; }\n"
    "__kernel void strided4(__global const float *restrict a, __global float *restrict b, long n) "
    "{\n"
    "  int q = (int)(n / 4); int g = (int)get_global_id(0); if (g >= q) return;\n"
    "  b[g] = a[g]; b[g + q] = a[g + q]; b[g + 2*q] = a[g + 2*q]; b[g + 3*q] = a[g + 3*q]; }\n"
    "__kernel void contig4(__global const float *restrict a, __global float *restrict b, long n) "
    "{\n"
    "  int g = (int)get_global_id(0) * 4; if (g >= n) return;\n"
    "  b[g] = a[g]; b[g+1] = a[g+1]; b[g+2] = a[g+2]; b[g+3] = a[g+3]; }\n";
int main(void) {
  cl_platform_id pls[4];
  cl_uint np;
  cl_device_id dev = 0;
  cl_int err;
  clGetPlatformIDs(4, pls, &np);
  for (cl_uint p = 0; p < np; p++)
    if (clGetDeviceIDs(pls[p], CL_DEVICE_TYPE_GPU, 1, &dev, NULL) == CL_SUCCESS)
      break;
  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
  cl_command_queue q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
  cl_program pr = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
  err = clBuildProgram(pr, 1, &dev, "", NULL, NULL);
  if (err) {
    char log[8192];
    clGetProgramBuildInfo(pr, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    printf("%s\n", log);
    return 1;
  }
  long n = 1L << 28;
  size_t bytes = n * 4;
  cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err),
         b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
  float zero = 0;
  clEnqueueFillBuffer(q, a, &zero, 4, 0, bytes, 0, NULL, NULL);
  clEnqueueFillBuffer(q, b, &zero, 4, 0, bytes, 0, NULL, NULL);
  clFinish(q);
  const char *names[] = {"nu_long", "nu_int", "vec4", "strided4", "contig4"};
  for (int kdx = 0; kdx < 5; kdx++)
    for (int ls = 128; ls <= 512; ls *= 2) {
      cl_kernel k = clCreateKernel(pr, names[kdx], &err);
      long zero_l = 0, one = 1, n4 = n / 4;
      size_t g;
      if (kdx < 2) {
        clSetKernelArg(k, 0, 8, &a);
        clSetKernelArg(k, 1, 8, &zero_l);
        clSetKernelArg(k, 2, 8, &b);
        clSetKernelArg(k, 3, 8, &zero_l);
        clSetKernelArg(k, 4, 8, &zero_l);
        clSetKernelArg(k, 5, 8, &one);
        clSetKernelArg(k, 6, 8, &n);
        g = n;
      } else {
        clSetKernelArg(k, 0, 8, &a);
        clSetKernelArg(k, 1, 8, &b);
        clSetKernelArg(k, 2, 8, kdx == 2 ? &n4 : &n);
        g = n / 4;
      }
      size_t l = ls;
      double best = 1e30;
      for (int r = 0; r < 8; r++) {
        cl_event e;
        clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, &e);
        clWaitForEvents(1, &e);
        cl_ulong t0, t1;
        clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_START, 8, &t0, NULL);
        clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, 8, &t1, NULL);
        double ms = (t1 - t0) * 1e-6;
        if (r > 1 && ms < best)
          best = ms;
        clReleaseEvent(e);
      }
      printf("%-9s ls %3d  %.3f ms  %.0f GB/s\n", names[kdx], ls, best, 2.0 * bytes / best / 1e6);
      clReleaseKernel(k);
    }
  return 0;
}
