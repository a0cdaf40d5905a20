/* sum_forms.c — which form of a sum's grid-stride loop reaches the GPU's
 * bandwidth: one accumulator with a 64-bit loop counter (the form nucc
 * emitted), the same with 32-bit arithmetic, four accumulators, float4
 * loads.  2^28 floats, 256 work-items a group, 1024 / 4096 / 16384 groups;
 * each work-item writes its partial (the work-group combine is left out).
 * Kernel time from OpenCL events, best of 6 after 2 warm-ups.  Run on the
 * GPU machine: gcc -O2 sum_forms.c -o sum_forms -l:libOpenCL.so.1 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
static const char *src =
    "__kernel void one(__global const float *a, __global float *out, long n) {\n"
    "  float s = 0; for (long g = get_global_id(0); g < n; g += get_global_size(0)) { int i = "
    "(int)g; s += a[i]; }\n"
    "  out[get_global_id(0)] = s; }\n"
    "__kernel void one_int(__global const float *a, __global float *out, long n) {\n"
    "  float s = 0; int N = (int)n, G = (int)get_global_size(0); for (int g = get_global_id(0); g "
    "< N; g += G) s += a[g];\n"
    "  out[get_global_id(0)] = s; }\n"
    "__kernel void four(__global const float *a, __global float *out, long n) {\n"
    "  float s0 = 0, s1 = 0, s2 = 0, s3 = 0; long G = get_global_size(0); long g = "
    "get_global_id(0);\n"
    "  for (; g + 3 * G < n; g += 4 * G) { s0 += a[g]; s1 += a[g + G]; s2 += a[g + 2 * G]; s3 += "
    "a[g + 3 * G]; }\n"
    "  for (; g < n; g += G) s0 += a[g];\n"
    "  out[get_global_id(0)] = (s0 + s1) + (s2 + s3); }\n"
    "__kernel void vec4(__global const float4 *a, __global float *out, long n) {\n"
    "  float4 s = 0; for (long g = get_global_id(0); g < n / 4; g += get_global_size(0)) s += "
    "a[g];\n"
    "  out[get_global_id(0)] = (s.x + s.y) + (s.z + s.w); }\n";
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
         o = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64 << 20, NULL, &err);
  float one = 1;
  clEnqueueFillBuffer(q, a, &one, 4, 0, bytes, 0, NULL, NULL);
  clFinish(q);
  const char *names[] = {"one", "one_int", "four", "vec4"};
  size_t groups[] = {1024, 4096, 16384};
  for (int kdx = 0; kdx < 4; kdx++)
    for (int gi = 0; gi < 3; gi++) {
      cl_kernel k = clCreateKernel(pr, names[kdx], &err);
      clSetKernelArg(k, 0, 8, &a);
      clSetKernelArg(k, 1, 8, &o);
      clSetKernelArg(k, 2, 8, &n);
      size_t l = 256, g = l * groups[gi];
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
      printf("%-8s groups %5zu  %.3f ms  %.0f GB/s\n", names[kdx], groups[gi], best,
             bytes / best / 1e6);
      clReleaseKernel(k);
    }
  return 0;
}
