/* test_errors.c — one failure per mode (argv[1]), each of which must print
 * nurt's error message and exit with status 1; ctest's expect_exit.cmake
 * checks the status and the message.  Modes: device (run under a NU_DEVICE
 * matching nothing), build, kernel_name, work_group, buffer_size, thread,
 * local_memory. */
#include <pthread.h>
#include <string.h>

#include "check.h"

static nurt_module good = {TEST_KERNELS, "test_errors.c", 0, NULL, 0};
static nurt_module broken = {"__kernel void broken(__global float *a, long a_off) {\n"
                             "  a[0] = undeclared_variable;\n"
                             "}\n",
                             "broken.c", 0, NULL, 0};

static nurt_module staged = {"__kernel void stage(__global float *a, long a_off,\n"
                             "                    __local float *t, __local float *u) {\n"
                             "  t[get_local_id(0)] = u[0] = a[get_global_id(0)];\n"
                             "}\n",
                             "stage.c", 0, NULL, 0};

static float shared[100];

static void *second_launcher(void *arg) {
  (void)arg;
  launch_scale(&good, 61, shared, 100, 2);
  return NULL;
}

int main(int argc, char **argv) {
  CHECK(argc == 2);
  const char *mode = argv[1];
  float a[100] = {0};
  if (!strcmp(mode, "thread")) {
    /* launches from a second host thread are refused, not raced */
    launch_scale(&good, 60, shared, 100, 2);
    pthread_t t;
    CHECK(pthread_create(&t, NULL, second_launcher, NULL) == 0);
    pthread_join(t, NULL);
  } else if (!strcmp(mode, "device")) {
    launch_scale(&good, 11, a, 100, 2);
  } else if (!strcmp(mode, "build")) {
    nurt_launch *l = nurt_launch_begin(&broken, "broken", 7);
    nurt_arg_buffer(l, a, sizeof a, NURT_OUT);
  } else if (!strcmp(mode, "kernel_name")) {
    nurt_launch_begin(&good, "no_such_kernel", 33);
  } else if (!strcmp(mode, "work_group")) {
    /* A local size larger than any device allows. */
    long long n = 100;
    float s = 2;
    size_t global = 1 << 24, local = 1 << 24;
    nurt_launch *l = nurt_launch_begin(&good, "scale", 42);
    nurt_arg_buffer(l, a, sizeof a, NURT_INOUT);
    nurt_arg_value(l, &s, sizeof s);
    nurt_arg_value(l, &n, sizeof n);
    nurt_launch_end(l, 1, &global, &local);
  } else if (!strcmp(mode, "buffer_size")) {
    /* A device buffer no device can hold; its host range is never read. */
    nurt_launch *l = nurt_launch_begin(&good, "scale", 55);
    nurt_arg_buffer(l, a, (size_t)1 << 62, NURT_INOUT);
  } else if (!strcmp(mode, "local_memory")) {
    /* __local arguments past the device's __local memory: their sum is
     * named, and no launch is tried */
    nurt_launch *l = nurt_launch_begin(&staged, "stage", 70);
    nurt_arg_buffer(l, a, sizeof a, NURT_INOUT);
    nurt_arg_local(l, 1024);
    nurt_arg_local(l, (size_t)1 << 30);
  } else {
    CHECK(!"unknown mode");
  }
  nurt_wait();
  fprintf(stderr, "test_errors: mode %s did not fail\n", mode);
  return 2;
}
