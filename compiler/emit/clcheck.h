/* clcheck.h — the generated OpenCL program and host C checked with libclang
 * (clcheck.c). */
#ifndef NUCC_CLCHECK_H
#define NUCC_CLCHECK_H

#include "nucc.h"
#include "rewrite.h"

/* In debug builds, or with NUCC_CHECK_CL=1 in the environment. */
bool clcheck_enabled(void);
/* Parses the program as OpenCL C 1.2; reports each error as an internal
 * error naming the annotated loop of `path` it lies in; false after one. */
bool clcheck_program(const char *path, const char *program);
/* Parses the C that nucc writes for `path` (host or --emit=seq output)
 * with the input's own compiler options `argv` and nurt.h's folder: the
 * input's text begins at `body_at`, where `edits` (each nest's code tagged
 * with its loop's line) were applied.  Each error is an internal error
 * naming the loop whose code holds it; false after one. */
bool clcheck_host(const char *path, const char *text, size_t body_at, const Edits *edits, int argc,
                  const char *const *argv);

#endif
