/* clcheck.h — the generated OpenCL program checked with libclang (clcheck.c). */
#ifndef NUCC_CLCHECK_H
#define NUCC_CLCHECK_H

#include "nucc.h"

/* In debug builds, or with NUCC_CHECK_CL=1 in the environment. */
bool clcheck_enabled(void);
/* Parses the program as OpenCL C 1.2; reports each error as an internal
 * error naming the annotated loop of `path` it lies in; false after one. */
bool clcheck_program(const char *path, const char *program);

#endif
