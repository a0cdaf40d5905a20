/* cupti_kernels.c — the time a CUDA program spends in kernels, without
 * touching the program: loaded by the driver through CUDA_INJECTION64_PATH,
 * it records every kernel's start and end with CUPTI's activity API and, at
 * exit, appends "kernels N total_ms T" to the file named by CUPTI_KERNELS_OUT.
 * run_kernels.sh uses it where nsys is not installed: lud's and NPB-GPU's own
 * timers include copies and host work.
 * Build: gcc -O2 -shared -fPIC -I$CUDA/include cupti_kernels.c -o libcupti_kernels.so -L$CUDA/lib
 * -lcupti */
#include <cupti.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned long long total_ns, count;
static int done;

static void CUPTIAPI buffer_requested(uint8_t **buffer, size_t *size, size_t *max_records) {
  *size = 8u << 20;
  *buffer = aligned_alloc(ACTIVITY_RECORD_ALIGNMENT, *size);
  *max_records = 0;
}

static void CUPTIAPI buffer_completed(CUcontext ctx, uint32_t stream, uint8_t *buffer, size_t size,
                                      size_t valid) {
  CUpti_Activity *rec = NULL;
  (void)ctx;
  (void)stream;
  (void)size;
  while (cuptiActivityGetNextRecord(buffer, valid, &rec) == CUPTI_SUCCESS) {
    if (rec->kind == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL ||
        rec->kind == CUPTI_ACTIVITY_KIND_KERNEL) {
      const CUpti_ActivityKernel10 *k = (const CUpti_ActivityKernel10 *)rec;
      total_ns += k->end - k->start;
      count++;
    }
  }
  free(buffer);
}

static void report(void) {
  const char *path = getenv("CUPTI_KERNELS_OUT");
  FILE *f;
  if (done)
    return;
  done = 1;
  cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
  f = path ? fopen(path, "a") : stderr;
  if (!f)
    return;
  fprintf(f, "kernels %llu total_ms %.3f\n", count, total_ns / 1e6);
  if (f != stderr)
    fclose(f);
}

/* The driver calls it once, at cuInit. */
int InitializeInjection(void) {
  if (cuptiActivityRegisterCallbacks(buffer_requested, buffer_completed) != CUPTI_SUCCESS ||
      cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL) != CUPTI_SUCCESS)
    return 0;
  atexit(report);
  return 1;
}

/* In case the atexit handler did not run (no CUDA call reached cuInit, or
 * the program left through a path that skips it). */
__attribute__((destructor)) static void at_unload(void) { report(); }
