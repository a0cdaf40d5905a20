/* regs.c — register counts and spills of OpenCL kernels on an NVIDIA GPU:
 * builds each program file given with `-cl-nv-verbose` and prints the
 * lines of the build log where ptxas reports each kernel ("Compiling entry",
 * "Used N registers", spills).  The evidence issue 11 asks for where a
 * kernel misses its target (run by bench/run_gpu.sh on nucc's --emit=cl
 * output).  Standalone OpenCL; on the GPU machine:
 *   gcc -O2 regs.c -o regs -l:libOpenCL.so.1 && CUDA_CACHE_DISABLE=1 ./regs FILE.cl... */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  char *s = NULL;
  if (fseek(f, 0, SEEK_END) == 0) {
    long n = ftell(f);
    rewind(f);
    s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s && fread(s, 1, (size_t)n, f) == (size_t)n)
      s[n] = 0;
    else {
      free(s);
      s = NULL;
    }
  }
  fclose(f);
  return s;
}

int main(int argc, char **argv) {
  cl_platform_id ps[8];
  cl_uint np = 0;
  cl_device_id d = 0;
  if (clGetPlatformIDs(8, ps, &np) != CL_SUCCESS)
    np = 0;
  for (cl_uint i = 0; i < np && i < 8 && !d; i++)
    if (clGetDeviceIDs(ps[i], CL_DEVICE_TYPE_GPU, 1, &d, NULL) != CL_SUCCESS)
      d = 0;
  if (!d) {
    fprintf(stderr, "regs: no OpenCL GPU\n");
    return 1;
  }
  char name[256] = "";
  clGetDeviceInfo(d, CL_DEVICE_NAME, sizeof name, name, NULL);
  printf("device: %s\n", name);
  cl_context c = clCreateContext(NULL, 1, &d, NULL, NULL, NULL);
  int status = 0;
  for (int a = 1; a < argc; a++) {
    char *s = slurp(argv[a]);
    if (!s) {
      fprintf(stderr, "regs: cannot read %s\n", argv[a]);
      status = 1;
      continue;
    }
    const char *src = s;
    cl_program p = clCreateProgramWithSource(c, 1, &src, NULL, NULL);
    cl_int err = clBuildProgram(p, 1, &d, "-cl-nv-verbose -DNU_RESTRICT=restrict", NULL, NULL);
    size_t len = 0;
    clGetProgramBuildInfo(p, d, CL_PROGRAM_BUILD_LOG, 0, NULL, &len);
    char *log = malloc(len + 1);
    if (log && clGetProgramBuildInfo(p, d, CL_PROGRAM_BUILD_LOG, len, log, NULL) == CL_SUCCESS) {
      log[len] = 0;
      printf("== %s%s\n", argv[a], err == CL_SUCCESS ? "" : " (build failed)");
      for (char *line = strtok(log, "\n"); line; line = strtok(NULL, "\n"))
        if (strstr(line, "Compiling entry") || strstr(line, "Used") || strstr(line, "spill"))
          printf("%s\n", line);
    }
    status |= err != CL_SUCCESS;
    free(log);
    clReleaseProgram(p);
    free(s);
  }
  clReleaseContext(c);
  return status;
}
