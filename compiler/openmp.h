/* openmp.h — `#pragma omp` lines for --openmp (openmp.c); frontend.c calls it. */
#ifndef NUCC_OMP_H
#define NUCC_OMP_H

#include "nucc.h"

typedef enum {
  OMP_IGNORE,        // a line without a GPU consequence (simd, declare, ...): left alone
  OMP_LOOP,          // parallel for, for, parallel loop: *annots the `#pragma nu` text
  OMP_PARALLEL,      // a parallel region without a loop: dropped from the output
  OMP_ATOMIC,        // atomic: allowed on a reduction's update only
  OMP_NO_GPU,        // critical, barrier, single, ...: an error inside an offloaded loop
  OMP_THREADPRIVATE, // threadprivate(list): *annots the list
  OMP_ERROR,         // a loop clause nucc cannot honour: *why says which
} OmpKind;

/* Reads the text after "#pragma omp".  For OMP_LOOP, *annots is the
 * annotation text (`work(64) independent reduce(+: s)`) that pragma_parse
 * reads; *why names the construct (OMP_NO_GPU) or the problem (OMP_ERROR). */
OmpKind omp_parse(const char *text, char **annots, char **why);

#endif
