/* test_reentry.c — one process, many compilations (as the fuzz target and
 * an embedding build tool run nucc): a compilation must not see anything an
 * earlier one left behind.  Translates a file alone, then after another file
 * whose helper has the same name and a different body, in the same process
 * without util_free_all() between, and checks the two outputs are the same
 * bytes, for the OpenCL program and for the host code. */
#define _POSIX_C_SOURCE 200809L
#include "driver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A kernel that hands its helper a buffer's element and a local's (the
 * helper is specialised per address space), and host code around it. */
static const char *program(const char *op) {
  static char text[2048];
  snprintf(text, sizeof text,
           "#include <stdio.h>\n"
           "#include <stdlib.h>\n"
           "static void addto(float *x, float v) { *x %s v; }\n"
           "int main(void) {\n"
           "  float *o = malloc(sizeof(float) * 64);\n"
           "  for (int i = 0; i < 64; i++)\n"
           "    o[i] = (float)i;\n"
           "#pragma nu work(16)\n"
           "  for (int i = 0; i < 64; i++) {\n"
           "    float loc[2] = {1, 2};\n"
           "    addto(&loc[1], 0.5f);\n"
           "    addto(&o[i], loc[1]);\n"
           "  }\n"
           "  printf(\"%%f\\n\", o[3]);\n"
           "  free(o);\n"
           "  return 0;\n"
           "}\n",
           op);
  return text;
}

static char dir[4096];

static void write_file(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
    perror(path);
    exit(2);
  }
}

static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    exit(2);
  }
  Buf b = {0};
  buf_puts(&b, "");
  char chunk[4096];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk - 1, f)) > 0) {
    chunk[n] = 0;
    buf_puts(&b, chunk);
  }
  fclose(f);
  return b.s;
}

/* The output of translating `input` with the given emission kind, in
 * malloc()'s memory: util_free_all() must not take it. */
static char *translate(const char *input, EmitKind emit) {
  char out[4200];
  snprintf(out, sizeof out, "%s/out.c", dir);
  Options o = {.input = input, .output = out, .emit = emit};
  if (nucc_compile(&o) != 0) {
    fprintf(stderr, "test_reentry: %s does not translate\n", input);
    exit(1);
  }
  char *text = strdup(read_file(out));
  unlink(out);
  return text;
}

int main(void) {
  const char *tmp = getenv("TMPDIR");
  snprintf(dir, sizeof dir, "%s/nucc-reentry-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(dir)) {
    perror("mkdtemp");
    return 2;
  }
  char add[4200], sub[4200];
  snprintf(add, sizeof add, "%s/add.c", dir);
  snprintf(sub, sizeof sub, "%s/sub.c", dir);
  write_file(add, program("+="));
  write_file(sub, program("-="));
  int failed = 0;
  const EmitKind kinds[] = {EMIT_CL, EMIT_HOST};
  const char *names[] = {"--emit=cl", "--emit=host"};
  for (int k = 0; k < 2; k++) {
    char *alone = translate(sub, kinds[k]);
    util_free_all(); /* what a fresh process would have */
    free(translate(add, kinds[k]));
    char *after = translate(sub, kinds[k]);
    if (strcmp(alone, after) != 0) {
      fprintf(stderr,
              "test_reentry: %s: sub.c translated after add.c differs from sub.c alone\n"
              "--- alone:\n%s\n--- after add.c:\n%s\n",
              names[k], alone, after);
      failed = 1;
    }
    util_free_all();
    free(alone);
    free(after);
  }
  unlink(add);
  unlink(sub);
  rmdir(dir);
  if (!failed)
    puts("test_reentry: every compilation stands alone");
  return failed;
}
