/* errors.c — how nurt reports failure: the symbolic names of the OpenCL error
 * codes, and the one message format for a failed call,
 *   nurt: error: CALL: CL_NAME (kernel K, loop at FILE:LINE)
 * after which the process exits with status 1. */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "nurt_internal.h"

int nurt_dying;
int nurt_failing;

#define NAME(code)                                                                                 \
  { code, #code }
static const struct {
  cl_int code;
  const char *name;
} names[] = {
    NAME(CL_SUCCESS),
    NAME(CL_DEVICE_NOT_FOUND),
    NAME(CL_DEVICE_NOT_AVAILABLE),
    NAME(CL_COMPILER_NOT_AVAILABLE),
    NAME(CL_MEM_OBJECT_ALLOCATION_FAILURE),
    NAME(CL_OUT_OF_RESOURCES),
    NAME(CL_OUT_OF_HOST_MEMORY),
    NAME(CL_PROFILING_INFO_NOT_AVAILABLE),
    NAME(CL_MEM_COPY_OVERLAP),
    NAME(CL_IMAGE_FORMAT_MISMATCH),
    NAME(CL_IMAGE_FORMAT_NOT_SUPPORTED),
    NAME(CL_BUILD_PROGRAM_FAILURE),
    NAME(CL_MAP_FAILURE),
    NAME(CL_MISALIGNED_SUB_BUFFER_OFFSET),
    NAME(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST),
    NAME(CL_COMPILE_PROGRAM_FAILURE),
    NAME(CL_LINKER_NOT_AVAILABLE),
    NAME(CL_LINK_PROGRAM_FAILURE),
    NAME(CL_DEVICE_PARTITION_FAILED),
    NAME(CL_KERNEL_ARG_INFO_NOT_AVAILABLE),
    NAME(CL_INVALID_VALUE),
    NAME(CL_INVALID_DEVICE_TYPE),
    NAME(CL_INVALID_PLATFORM),
    NAME(CL_INVALID_DEVICE),
    NAME(CL_INVALID_CONTEXT),
    NAME(CL_INVALID_QUEUE_PROPERTIES),
    NAME(CL_INVALID_COMMAND_QUEUE),
    NAME(CL_INVALID_HOST_PTR),
    NAME(CL_INVALID_MEM_OBJECT),
    NAME(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR),
    NAME(CL_INVALID_IMAGE_SIZE),
    NAME(CL_INVALID_SAMPLER),
    NAME(CL_INVALID_BINARY),
    NAME(CL_INVALID_BUILD_OPTIONS),
    NAME(CL_INVALID_PROGRAM),
    NAME(CL_INVALID_PROGRAM_EXECUTABLE),
    NAME(CL_INVALID_KERNEL_NAME),
    NAME(CL_INVALID_KERNEL_DEFINITION),
    NAME(CL_INVALID_KERNEL),
    NAME(CL_INVALID_ARG_INDEX),
    NAME(CL_INVALID_ARG_VALUE),
    NAME(CL_INVALID_ARG_SIZE),
    NAME(CL_INVALID_KERNEL_ARGS),
    NAME(CL_INVALID_WORK_DIMENSION),
    NAME(CL_INVALID_WORK_GROUP_SIZE),
    NAME(CL_INVALID_WORK_ITEM_SIZE),
    NAME(CL_INVALID_GLOBAL_OFFSET),
    NAME(CL_INVALID_EVENT_WAIT_LIST),
    NAME(CL_INVALID_EVENT),
    NAME(CL_INVALID_OPERATION),
    NAME(CL_INVALID_GL_OBJECT),
    NAME(CL_INVALID_BUFFER_SIZE),
    NAME(CL_INVALID_MIP_LEVEL),
    NAME(CL_INVALID_GLOBAL_WORK_SIZE),
    NAME(CL_INVALID_PROPERTY),
    NAME(CL_INVALID_IMAGE_DESCRIPTOR),
    NAME(CL_INVALID_COMPILER_OPTIONS),
    NAME(CL_INVALID_LINKER_OPTIONS),
    NAME(CL_INVALID_DEVICE_PARTITION_COUNT),
    /* Later versions and the ICD loader, should a driver return them. */
    {-69, "CL_INVALID_PIPE_SIZE"},
    {-70, "CL_INVALID_DEVICE_QUEUE"},
    {-71, "CL_INVALID_SPEC_ID"},
    {-72, "CL_MAX_SIZE_RESTRICTION_EXCEEDED"},
    {-1001, "CL_PLATFORM_NOT_FOUND_KHR"},
};
#undef NAME

const char *nurt_cl_error_name(cl_int err) {
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (names[i].code == err)
      return names[i].name;
  static char unknown[32];
  snprintf(unknown, sizeof unknown, "unknown error %d", (int)err);
  return unknown;
}

/* A thread that works ahead of the program (device.c's start-up) leaves
 * its failures to the program's own thread: it stops without a word, in
 * the function it gave, and the work is done again where the failure can
 * name the loop. */
static __thread void (*quiet_end)(void);

void nurt_fatal_quietly(void (*end)(void)) { quiet_end = end; }

void nurt_fatal(const char *fmt, ...) {
  if (quiet_end) {
    quiet_end();
    pthread_exit(NULL); /* quiet_end does not return */
  }
  /* already failing, or inside the exit handler; atomic: the handler reads it */
  int again = __atomic_exchange_n(&nurt_dying, 1, __ATOMIC_ACQ_REL);
  __atomic_store_n(&nurt_failing, 1, __ATOMIC_RELEASE);
  fflush(stdout);
  /* fprintf with an argument: the compiler turns fputs of a constant into
   * fwrite, which io.c (a floor above) wraps; errors.c calls nothing of nurt's. */
  fprintf(stderr, "%s: error: ", "nurt");
  va_list ap;
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap); // NOLINT(clang-analyzer-valist.Uninitialized): clang 14 false positive
  va_end(ap);
  fputc('\n', stderr);
  if (again)
    _Exit(1); /* exit() must not run again from an exit handler */
  exit(1);
}

void nurt_internal_error(const char *file, int line, const char *what) {
  nurt_fatal("internal error at %s:%d: %s", file, line, what);
}

/* " (kernel K, loop at F:L)" or "" when nothing is known. */
static const char *where_text(const nurt_where *w) {
  static char buf[512];
  buf[0] = 0;
  if (!w || !w->kernel)
    return buf;
  if (w->file && w->line > 0)
    snprintf(buf, sizeof buf, " (kernel %s, loop at %s:%d)", w->kernel, w->file, w->line);
  else
    snprintf(buf, sizeof buf, " (kernel %s)", w->kernel);
  return buf;
}

void nurt_check(cl_int err, const char *call, const nurt_where *w) {
  if (err != CL_SUCCESS)
    nurt_fatal("%s: %s%s", call, nurt_cl_error_name(err), where_text(w));
}

/* An event's execution status is CL_COMPLETE or a negative error code. */
void nurt_check_event_status(cl_int status, const char *what, const nurt_where *w) {
  if (status < 0)
    nurt_fatal("%s failed on the device: %s%s", what, nurt_cl_error_name(status), where_text(w));
}
