/* openmp.h — `#pragma omp` lines for --openmp (openmp.c); frontend_omp.c and frontend.c call it. */
#ifndef NUCC_OMP_H
#define NUCC_OMP_H

#include "nucc.h"

typedef enum {
  OMP_IGNORE,        // simd, declare, target update, ...: left as written, *why says why
  OMP_LOOP,          // parallel for, for, target teams distribute parallel for, ...:
                     // *annots the `#pragma nu` text
  OMP_REGION,        // parallel, target, teams, target data without a loop: dropped when
                     // it holds an offloaded loop, else left as written
  OMP_ATOMIC,        // atomic: allowed on a reduction's update only
  OMP_NO_GPU,        // critical, barrier, single, ...: an error inside an offloaded loop
  OMP_THREADPRIVATE, // threadprivate(list): *annots the list
  OMP_ERROR,         // a loop clause nucc cannot honour: *why says which
  OMP_HINT,          // --openacc: a data directive lazy sync makes unnecessary: stays as written
  OMP_SYNC,          // --openacc: update host(list): a sync of the list's arrays on the host
} OmpKind;

/* Reads the text after "#pragma omp".  For OMP_LOOP, *annots is the
 * annotation text (`work(64) independent reduce(+: s)`) that pragma_parse
 * reads; *why names the construct (OMP_NO_GPU) or the problem (OMP_ERROR). */
OmpKind omp_parse(const char *text, char **annots, char **why);
/* The construct's leading words without clauses ("target enter data"). */
char *omp_name(const char *text);

#endif
