/* fuzz_frontend.c — fuzz target: the whole pipeline on a C file.
 * Receives arbitrary bytes; writes them to a temporary .c file and runs
 * nucc_compile() on it as `nucc --report --explain FILE.c` would, without
 * writing an output.  Diagnostics are fine; a crash, a sanitizer report or a
 * hang is a bug. */
#define _POSIX_C_SOURCE 200809L
#include "driver.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[4096], path[4200];

static void remove_input(void) {
  unlink(path);
  rmdir(dir);
}

/* A private directory for the input file, made once per process. */
static void prepare(void) {
  if (path[0])
    return;
  const char *tmp = getenv("TMPDIR");
  snprintf(dir, sizeof dir, "%s/nucc-fuzz-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(dir)) {
    perror("fuzz_frontend: mkdtemp");
    exit(1);
  }
  snprintf(path, sizeof path, "%s/input.c", dir);
  atexit(remove_input);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  prepare();
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0) {
    perror("fuzz_frontend: writing the input");
    exit(1);
  }
  Options o = {.input = path, .emit = EMIT_HOST, .explain = true, .report = true};
  nucc_compile(&o);
  util_free_all();
  return 0;
}
