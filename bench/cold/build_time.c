/* build_time.c — how long the OpenCL driver takes to build a kernel source,
 * cold: clBuildProgram's wall time for each .cl file given, with the build
 * options given first ("" for none).  Run with CUDA_CACHE_DISABLE=1 so that
 * NVIDIA's compile cache does not answer (bench/results/cold-build-h100.txt:
 * nucc --emit=cl of the suite's outer builds against PPCG's kernel files).
 *   cc -O2 build_time.c -o build_time -lOpenCL
 *   CUDA_CACHE_DISABLE=1 ./build_time "-DNU_RESTRICT=restrict" a.cl b.cl */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s OPTIONS FILE.cl...\n", argv[0]);
    return 2;
  }
  cl_platform_id p[8];
  cl_uint np = 0, nd = 0;
  cl_device_id d;
  clGetPlatformIDs(8, p, &np);
  for (cl_uint i = 0; i < np && !nd; i++)
    if (clGetDeviceIDs(p[i], CL_DEVICE_TYPE_GPU, 1, &d, &nd) != CL_SUCCESS)
      nd = 0;
  if (!nd) {
    fprintf(stderr, "no GPU\n");
    return 1;
  }
  cl_context c = clCreateContext(NULL, 1, &d, NULL, NULL, NULL);
  for (int a = 2; a < argc; a++) {
    FILE *f = fopen(argv[a], "rb");
    if (!f) {
      perror(argv[a]);
      return 1;
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char *s = calloc(1, (size_t)n + 1);
    if (!s || fread(s, 1, (size_t)n, f) != (size_t)n) {
      fprintf(stderr, "%s: cannot read\n", argv[a]);
      return 1;
    }
    fclose(f);
    cl_program pr = clCreateProgramWithSource(c, 1, (const char **)&s, NULL, NULL);
    double t0 = now();
    cl_int e = clBuildProgram(pr, 1, &d, argv[1], NULL, NULL);
    printf("%-28s opts='%s' build %.3f s%s\n", argv[a], argv[1], now() - t0,
           e == CL_SUCCESS ? "" : " (failed)");
    clReleaseProgram(pr);
    free(s);
  }
  clReleaseContext(c);
  return 0;
}
