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
  OMP_HINT,          // a data directive lazy sync makes unnecessary (enter data, target
                     // update to): --openacc keeps it as written, --openmp drops it
  OMP_SYNC,          // update host(list), target update from(list): a sync of the list's
                     // arrays on the host; --openmp: *annots the host code
  OMP_TRANSFORM,     // --openmp: tile, unroll partial, interchange, split: *annots the
                     // `#pragma nu` annotation it stands for, *why the directive as written
} OmpKind;

/* Reads the text after "#pragma omp".  For OMP_LOOP, *annots is the
 * annotation text (`work(64) independent reduce(+: s)`) that pragma_parse
 * reads; *why names the construct (OMP_NO_GPU) or the problem (OMP_ERROR). */
OmpKind omp_parse(const char *text, char **annots, char **why);
/* The construct's leading words without clauses ("target enter data"). */
char *omp_name(const char *text);
/* The variables a line's map clauses list (char* each): what lazy sync
 * checks them against. */
typedef struct OmpMaps {
  Vec present; /* map(present, ...: list) (OpenMP 5.1's modifier) */
  Vec copied;  /* any other map type but release and delete */
  Vec to;      /* map(to: list): not copied back */
  Vec from;    /* map(from: list), map(alloc: list): not copied to the device */
} OmpMaps;
void omp_maps(const char *text, OmpMaps *m);

#endif
